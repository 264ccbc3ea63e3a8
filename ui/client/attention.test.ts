// @vitest-environment jsdom
/** What the UI reports to the core: attention, activity at most once a second, and the pointer leaving or entering the window. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchAttention } from './attention';

afterEach(() => vi.useRealTimers());

function fakeCore() {
  const calls: [string, unknown][] = [];
  return {
    calls,
    core: {
      $setAttention: async (a: boolean) => void calls.push(['attention', a]),
      $reportActivity: async (k: string) => void calls.push(['activity', k]),
    },
  };
}

describe('watchAttention', () => {
  it('reports activity at once, then at most once a second', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { core, calls } = fakeCore();
    const stop = watchAttention(core as never);
    calls.length = 0;
    window.dispatchEvent(new Event('keydown'));
    window.dispatchEvent(new Event('pointermove'));
    vi.advanceTimersByTime(999);
    window.dispatchEvent(new Event('wheel'));
    expect(calls).toEqual([['activity', 'activity']]);
    vi.advanceTimersByTime(1);
    window.dispatchEvent(new Event('pointerdown'));
    expect(calls).toEqual([
      ['activity', 'activity'],
      ['activity', 'activity'],
    ]);
    stop();
    vi.advanceTimersByTime(5_000);
    window.dispatchEvent(new Event('keydown'));
    expect(calls).toHaveLength(2);
  });

  it('reports the pointer leaving the window and coming back', () => {
    const { core, calls } = fakeCore();
    const stop = watchAttention(core as never);
    calls.length = 0;
    // Moving between elements inside the page is not leaving.
    document.dispatchEvent(new MouseEvent('mouseout', { relatedTarget: document.body }));
    document.dispatchEvent(new MouseEvent('mouseout', { relatedTarget: null }));
    document.documentElement.dispatchEvent(new MouseEvent('mouseenter'));
    expect(calls).toEqual([
      ['activity', 'pointer-leave'],
      ['activity', 'pointer-enter'],
    ]);
    stop();
  });

  it('reports attention on focus changes', () => {
    const { core, calls } = fakeCore();
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const stop = watchAttention(core as never);
    hasFocus.mockReturnValue(false);
    window.dispatchEvent(new Event('blur'));
    expect(calls).toEqual([
      ['attention', true],
      ['attention', false],
    ]);
    stop();
    hasFocus.mockRestore();
  });
});
