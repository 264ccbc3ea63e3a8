/**
 * Frames decoded ahead, for a replay: batches of the frame tape (protocol/frames/tape.ts) arrive from a
 * decoder running elsewhere (in Node, a worker thread: scripts/decoder-thread.ts) and the replay takes
 * each frame's decode from them, in line order, instead of decoding it itself.
 *
 * Nothing here can make a replay wrong: a line the tape did not write (the decoder declined it, or it
 * never came because the decoder failed or was stopped) is answered with undefined, and the core then
 * decodes that frame as it always does. Batches are let go once the replay has moved past them, and
 * `onRelease` tells the decoder, which stays at most a few batches ahead, so memory stays bounded.
 */
import type { DownFrame } from '../protocol/frames/down';
import type { TapeBatch } from '../protocol/frames/tape';
import { TapeReader } from '../protocol/frames/tape-reader';
import type { DecodedFrames } from './replayer';

interface Received {
  reader: TapeReader;
  /** The decoder has looked at every line below this one. */
  upTo: number;
}

/** DecodedFrames over tape batches pushed in by `add`, in order. */
export class FrameTapeSource implements DecodedFrames {
  private readonly queue: Received[] = [];
  /** The next frame to look at in the first batch of the queue. */
  private next = 0;
  /** Every line below this one has been looked at by the decoder. */
  private upTo = 0;
  private ended = false;
  private waiters: { index: number; resolve: () => void }[] = [];
  /** Frames handed to the replay from the tape, and lines asked for that the tape did not have. */
  taken = 0;
  missed = 0;
  /** The most batches held at once (the decoder's bound on how far ahead it runs keeps this small). */
  mostHeld = 0;

  /** @param onRelease called once for each batch let go, in the order they were added */
  constructor(private readonly onRelease: () => void = () => {}) {}

  /** A batch holding the decodes of lines below `upTo` (and at or above the previous batch's `upTo`). */
  add(batch: TapeBatch, upTo: number): void {
    if (this.ended) return;
    this.queue.push({ reader: new TapeReader(batch), upTo });
    this.mostHeld = Math.max(this.mostHeld, this.queue.length);
    this.upTo = upTo;
    this.wake();
  }

  /**
   * No more batches are coming — the decoder finished, failed or was stopped. The batches at hand are
   * still used; every other line is decoded by the replay.
   */
  end(): void {
    this.ended = true;
    this.wake();
  }

  /** Whether the decoder has ended (see `end`). */
  get done(): boolean {
    return this.ended;
  }

  has(index: number): boolean {
    return index < this.upTo || this.ended;
  }

  wait(index: number): Promise<void> {
    if (this.has(index)) return Promise.resolve();
    // The batches at hand are all behind `index`: let them go, or a decoder held back until they are would never come.
    this.releaseBefore(index);
    return new Promise((resolve) => this.waiters.push({ index, resolve }));
  }

  take(index: number): DownFrame | undefined {
    this.releaseBefore(index);
    if (this.queue.length > 0) {
      const reader = this.queue[0]!.reader;
      while (this.next < reader.count && reader.line(this.next) < index) this.next++;
      if (this.next < reader.count && reader.line(this.next) === index) {
        this.taken++;
        return reader.read(this.next++);
      }
    }
    this.missed++;
    return undefined;
  }

  /** Lets go the batches wholly behind line `index` (the replay is past them). */
  private releaseBefore(index: number): void {
    while (this.queue.length > 0 && index >= this.queue[0]!.upTo) {
      this.queue.shift();
      this.next = 0;
      this.onRelease();
    }
  }

  private wake(): void {
    if (this.waiters.length === 0) return;
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (this.has(waiter.index)) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }
}
