// @vitest-environment jsdom
/** useFixedRows: the rows in view are arithmetic on the scroll offset, and scrolling to a row moves only when it must. */
import { act, cleanup, render } from '@testing-library/react';
import { useRef, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFixedRows, type FixedRows } from './use-fixed-rows';

afterEach(cleanup);

/** A scroll element 280 px high (ten 28 px rows) whose scrollTop is kept, as a laid-out one's is. */
function List({ count, keep, expose }: { count: number; keep?: number; expose: (rows: FixedRows, el: HTMLDivElement | null) => void }): ReactElement {
  const ref = useRef<HTMLDivElement | null>(null);
  const rows = useFixedRows(ref, count, 28, 2, keep);
  expose(rows, ref.current);
  return (
    <div
      ref={(el) => {
        if (el && !Object.getOwnPropertyDescriptor(el, 'clientHeight')) {
          let top = 0;
          Object.defineProperty(el, 'clientHeight', { get: () => 280 });
          Object.defineProperty(el, 'scrollHeight', { get: () => count * 28 });
          Object.defineProperty(el, 'scrollTop', { get: () => top, set: (v: number) => (top = Math.min(Math.max(0, v), count * 28 - 280)) });
        }
        ref.current = el;
      }}
    />
  );
}

describe('useFixedRows', () => {
  it('renders the rows in view and a few either side, whatever the count', () => {
    let rows!: FixedRows;
    const { rerender } = render(<List count={1_000_000} expose={(r) => (rows = r)} />);
    expect(rows.totalSize).toBe(28_000_000);
    expect(rows.items.map((i) => i.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    act(() => rows.scrollToIndex(999_999, 'end'));
    expect(rows.items.at(-1)).toEqual({ index: 999_999, start: 999_999 * 28 });
    expect(rows.items).toHaveLength(12); // ten in view, two before; none after the last
    rerender(<List count={2_000_000} expose={(r) => (rows = r)} />);
    expect(rows.totalSize).toBe(56_000_000);
  });

  it('scrolls to a row only when it is out of view (auto), and to put it at the bottom (end)', () => {
    let rows!: FixedRows;
    let el: HTMLDivElement | null = null;
    render(<List count={1000} expose={(r, e) => ((rows = r), (el = e))} />);
    act(() => rows.scrollToIndex(5, 'auto'));
    expect(el!.scrollTop).toBe(0); // in view already: left where it is
    act(() => rows.scrollToIndex(500, 'auto'));
    expect(el!.scrollTop).toBe(501 * 28 - 280); // just brought into view, at the bottom
    act(() => rows.scrollToIndex(100, 'auto'));
    expect(el!.scrollTop).toBe(100 * 28); // at the top, coming from below
    expect(rows.items[0]!.index).toBe(98);
    act(() => rows.scrollToIndex(999, 'end'));
    expect(el!.scrollTop).toBe(1000 * 28 - 280);
  });

  it('follows the scroll element when the user scrolls it', () => {
    let rows!: FixedRows;
    let el: HTMLDivElement | null = null;
    render(<List count={1000} expose={(r, e) => ((rows = r), (el = e))} />);
    act(() => {
      el!.scrollTop = 28 * 300;
      el!.dispatchEvent(new Event('scroll'));
    });
    expect(rows.items[0]!.index).toBe(298);
    expect(rows.items.at(-1)!.index).toBe(312);
  });

  it('keeps a row rendered out of view (the keyboard’s), apart from the range to fetch, and says how many rows a page is', () => {
    let rows!: FixedRows;
    let el: HTMLDivElement | null = null;
    const { rerender } = render(<List count={1_000_000} keep={999_999} expose={(r, e) => ((rows = r), (el = e))} />);
    expect(rows.pageSize).toBe(10);
    expect(rows.items.map((i) => i.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 999_999]);
    expect(rows.items.at(-1)).toEqual({ index: 999_999, start: 999_999 * 28 });
    expect([rows.first, rows.last]).toEqual([0, 12]);
    act(() => {
      el!.scrollTop = 28 * 500_000;
      el!.dispatchEvent(new Event('scroll'));
    });
    rerender(<List count={1_000_000} keep={3} expose={(r, e) => ((rows = r), (el = e))} />);
    expect(rows.items[0]).toEqual({ index: 3, start: 3 * 28 });
    expect(rows.items[1]!.index).toBe(499_998);
    expect([rows.first, rows.last]).toEqual([499_998, 500_012]);
    // In view already: not twice.
    rerender(<List count={1_000_000} keep={500_001} expose={(r, e) => ((rows = r), (el = e))} />);
    expect(rows.items.filter((i) => i.index === 500_001)).toHaveLength(1);
    expect(rows.items).toHaveLength(15);
    // A row past the end of a shorter list is not rendered.
    rerender(<List count={10} keep={20} expose={(r, e) => ((rows = r), (el = e))} />);
    expect(rows.items.some((i) => i.index === 20)).toBe(false);
  });
});
