// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ViewPatch } from '../../protocol/views';
import { watchBadge } from './badge';
import { createWebAudioPlayer, watchSounds } from './sound';
import { applyPatch, createViewStore } from './view-store';

const notifications = (count: number, label: string, title: string): ViewPatch['notifications'] => ({
  settings: { global_on: true, conversations_on: true, teams_on: true, departments_on: true },
  pause: { kind: null, until: null },
  badge: { count, label, title },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the unread badge', () => {
  it('sets the title when it changes, refreshes it every second, and paints the icon count', () => {
    const store = createViewStore();
    const painted: string[] = [];
    const stop = watchBadge(store, { paint: (label) => (painted.push(label), `data:image/png;base64,${label}`) });
    expect(document.title).toBe('Plaza');
    applyPatch(store, { seq: 1, reset: false, notifications: notifications(3, '3', '(3) Plaza') });
    expect(document.title).toBe('(3) Plaza');
    // Someone else set the title: within a second it is ours again.
    document.title = 'Something else';
    vi.advanceTimersByTime(999);
    expect(document.title).toBe('Something else');
    vi.advanceTimersByTime(1);
    expect(document.title).toBe('(3) Plaza');
    applyPatch(store, { seq: 2, reset: false, notifications: notifications(120, '99+', '(120) Plaza *') });
    expect(document.title).toBe('(120) Plaza *');
    expect(painted).toEqual(['', '3', '99+']);
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.href).toBe('data:image/png;base64,99+');
    stop();
    expect(document.title).toBe('Plaza');
    vi.advanceTimersByTime(5_000);
    applyPatch(store, { seq: 3, reset: false, notifications: notifications(1, '1', '(1) Plaza') });
    expect(document.title).toBe('Plaza');
  });
});

describe('sounds', () => {
  it('plays each new sound once, not the one it found on start', () => {
    const store = createViewStore();
    applyPatch(store, { seq: 1, reset: false, sound: { id: 4, kind: 'beep' } });
    const played: string[] = [];
    const stop = watchSounds(store, { play: (kind) => played.push(kind) });
    expect(played).toEqual([]);
    applyPatch(store, { seq: 2, reset: false, sound: { id: 9, kind: 'chord' } });
    applyPatch(store, { seq: 3, reset: false, channels: { put: [], remove: [] } });
    applyPatch(store, { seq: 4, reset: false, sound: { id: 12, kind: 'beep' } });
    expect(played).toEqual(['chord', 'beep']);
    stop();
    applyPatch(store, { seq: 5, reset: false, sound: { id: 13, kind: 'beep' } });
    expect(played).toEqual(['chord', 'beep']);
  });

  it('only logs when sound cannot be played', () => {
    const logged: string[] = [];
    const player = createWebAudioPlayer({} as Window, (m) => logged.push(m));
    expect(() => player.play('chord')).not.toThrow();
    expect(logged).toEqual(['sound: could not play the chord: Web Audio is not available']);
  });

  it('synthesizes the chord as three tones and the beep as one', () => {
    const oscillators: number[] = [];
    class FakeAudio {
      state = 'running';
      currentTime = 0;
      destination = {};
      createGain() {
        return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
      }
      createOscillator() {
        return { type: '', frequency: { setValueAtTime: (f: number) => oscillators.push(f) }, connect() {}, start() {}, stop() {} };
      }
      resume() {
        return Promise.resolve();
      }
    }
    const player = createWebAudioPlayer({ AudioContext: FakeAudio } as unknown as Window, () => {});
    player.play('chord');
    player.play('beep');
    expect(oscillators).toEqual([523.25, 659.25, 783.99, 880]);
  });
});
