/**
 * FrameTapeSource (core-worker/frame-tape-source.ts), the replay's side of the frame tape: which lines are
 * at hand, waiting for the rest, taking each decode once in line order, and letting batches go as the
 * replay passes them (the decoder is held back until it does).
 */
import { describe, expect, it } from 'vitest';
import { FrameTapeSource } from '../../core-worker/frame-tape-source';
import { decodeDownFrame } from '../../protocol/frames/down';
import type { TapeBatch } from '../../protocol/frames/tape';
import { TapeWriter } from '../../protocol/frames/tape-writer';

/** A batch with a CHK frame on each of `lines`, `check` being the line. */
function batchOf(lines: number[]): TapeBatch {
  const writer = new TapeWriter();
  for (const line of lines) expect(writer.add(line, decodeDownFrame(`CHK {"check":${line}}`))).toBe(true);
  return writer.finish();
}
const checkOf = (frame: ReturnType<FrameTapeSource['take']>) => (frame?.code === 'CHK' ? frame.data.check : undefined);

describe('FrameTapeSource', () => {
  it('has the lines below the last batch’s end, and all of them once ended', () => {
    const source = new FrameTapeSource();
    expect(source.has(0)).toBe(false);
    source.add(batchOf([1, 3]), 5);
    expect([0, 4, 5].map((i) => source.has(i))).toEqual([true, true, false]);
    source.end();
    expect(source.has(1_000)).toBe(true);
  });

  it('takes each decode once, in line order; a line not on the tape is undefined', () => {
    const source = new FrameTapeSource();
    source.add(batchOf([1, 3, 4]), 5);
    source.add(batchOf([6, 9]), 10);
    expect(checkOf(source.take(1))).toBe(1);
    expect(source.take(1)).toBeUndefined(); // once
    expect(source.take(2)).toBeUndefined(); // not on the tape
    expect(checkOf(source.take(4))).toBe(4); // 3 skipped
    expect(source.take(3)).toBeUndefined(); // behind
    expect(checkOf(source.take(9))).toBe(9);
    expect(source.take(12)).toBeUndefined(); // beyond the tape
    expect(source).toMatchObject({ taken: 3, missed: 4 });
  });

  it('lets a batch go once the replay is past it, and only then', () => {
    let released = 0;
    const source = new FrameTapeSource(() => released++);
    source.add(batchOf([0, 2]), 3);
    source.add(batchOf([3, 5]), 6);
    source.take(2);
    expect(released).toBe(0);
    source.take(3);
    expect(released).toBe(1);
    source.take(7);
    expect(released).toBe(2);
  });

  it('wait resolves when a batch reaches the line, or the decoder ends; waiting lets go the batches behind', async () => {
    let released = 0;
    const source = new FrameTapeSource(() => released++);
    source.add(batchOf([0]), 1);
    let resolved = false;
    const waiting = source.wait(4).then(() => (resolved = true));
    expect(released).toBe(1);
    source.add(batchOf([2]), 3);
    await Promise.resolve();
    expect(resolved).toBe(false);
    source.add(batchOf([4]), 5);
    await waiting;
    expect(checkOf(source.take(4))).toBe(4);
    const never = source.wait(100);
    source.end();
    await never;
  });
});
