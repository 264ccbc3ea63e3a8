// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ViewPatch } from '../../protocol/views';
import { watchBadge } from './badge';
import { createAudioPlayer, SAMPLE_RATE, toneWav, TONES, watchSounds } from './sound';
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

  it('only logs when sound cannot be played', async () => {
    const logged: string[] = [];
    createAudioPlayer({} as Window, (m) => logged.push(m)).play('chord');
    expect(logged).toEqual(['sound: could not play the chord: audio is not available']);
    // A browser that refuses to play (no user gesture yet): the rejection is logged, not thrown.
    const refusing = fakeAudioWindow(() => Promise.reject(new Error('NotAllowedError')));
    createAudioPlayer(refusing.win, (m) => logged.push(m)).play('beep');
    await Promise.resolve();
    await Promise.resolve();
    expect(logged[1]).toBe('sound: could not play the beep: NotAllowedError');
  });

  it('plays each tone from its own in-memory WAV, made once, and never opens a Web Audio context', () => {
    const fake = fakeAudioWindow(() => Promise.resolve());
    let contexts = 0;
    const win = Object.assign(fake.win, {
      AudioContext: class {
        constructor() {
          contexts++;
        }
      },
    });
    const player = createAudioPlayer(win as unknown as Window, () => {});
    player.play('chord');
    player.play('beep');
    player.play('chord');
    // Chromium's first AudioContext blocks the main thread for 50-140 ms: the burst's long task.
    expect(contexts).toBe(0);
    expect(fake.blobs.map((b) => b.type)).toEqual(['audio/wav', 'audio/wav']);
    expect(fake.elements.map((e) => [e.src, e.dataset.sound, e.plays])).toEqual([
      ['blob:0', 'chord', 2],
      ['blob:1', 'beep', 1],
    ]);
  });

  it('synthesizes the chord as three tones and the beep as one, without clicks', () => {
    const samples = (wav: Uint8Array): Int16Array => new Int16Array(wav.slice(44).buffer);
    const power = (pcm: Int16Array, freq: number): number => {
      // Goertzel: the signal's strength at one frequency.
      const w = (2 * Math.PI * freq) / SAMPLE_RATE;
      let s1 = 0;
      let s2 = 0;
      for (const x of pcm) {
        const s = x + 2 * Math.cos(w) * s1 - s2;
        s2 = s1;
        s1 = s;
      }
      return (s1 * s1 + s2 * s2 - 2 * Math.cos(w) * s1 * s2) / pcm.length ** 2;
    };
    const chord = toneWav('chord');
    const beep = toneWav('beep');
    expect(new TextDecoder().decode(chord.slice(0, 4))).toBe('RIFF');
    expect(new DataView(chord.buffer).getUint32(24, true)).toBe(SAMPLE_RATE);
    expect(samples(chord).length).toBe(Math.round(TONES.chord.seconds * SAMPLE_RATE));
    expect(samples(beep).length).toBe(Math.round(TONES.beep.seconds * SAMPLE_RATE));
    const strong = (pcm: Int16Array, freq: number): boolean => power(pcm, freq) > 100 * power(pcm, 440);
    expect([523.25, 659.25, 783.99, 880].map((f) => strong(samples(chord), f))).toEqual([true, true, true, false]);
    // (A 0.15 s tone is too short to tell 880 Hz well from 784 Hz.)
    expect([523.25, 659.25, 880].map((f) => strong(samples(beep), f))).toEqual([false, false, true]);
    // Starts and ends near silence.
    for (const pcm of [samples(chord), samples(beep)]) {
      expect(Math.abs(pcm[0]!)).toBeLessThan(10);
      expect(Math.abs(pcm.at(-1)!)).toBeLessThan(10);
    }
  });
});

function fakeAudioWindow(play: () => Promise<void>) {
  const blobs: Blob[] = [];
  const elements: { src: string; plays: number; currentTime: number; dataset: Record<string, string> }[] = [];
  class FakeAudio {
    plays = 0;
    currentTime = 0;
    dataset: Record<string, string> = {};
    constructor(public src: string) {
      elements.push(this);
    }
    play() {
      this.plays++;
      return play();
    }
  }
  const win = {
    Audio: FakeAudio,
    Blob,
    URL: {
      createObjectURL(blob: Blob) {
        blobs.push(blob);
        return `blob:${blobs.length - 1}`;
      },
    },
  } as unknown as Window;
  return { win, blobs, elements };
}
