/**
 * Diagnostics of the worker → UI hop, for benchmarks and for anyone curious
 * (window.__plazaPerf in the browser console): for each patch, when the worker
 * sent it, when it was applied here, when the next frame was painted, and its
 * size. A bounded ring, so it never grows with the session.
 */
import type { ViewPatch } from '../../protocol/views';

const CAPACITY = 20_000;

export interface PatchSample {
  seq: number;
  reset: boolean;
  bytes: number;
  /** Epoch ms (fractional): the first change folded, the patch sent, applied here, the next paint. */
  since: number;
  sentAt: number;
  appliedAt: number;
  paintedAt: number | null;
}

export interface PatchStats {
  readonly samples: readonly PatchSample[];
  /** Call around applyPatch: records the patch once applied, and the paint after it. */
  record(patch: ViewPatch, apply: () => void): void;
  clear(): void;
}

export function createPatchStats(now: () => number = () => performance.timeOrigin + performance.now(), nextFrame: (fn: () => void) => void = (fn) => requestAnimationFrame(() => fn())): PatchStats {
  let samples: PatchSample[] = [];
  return {
    get samples() {
      return samples;
    },
    record(patch, apply) {
      apply();
      if (!patch.perf) return;
      const sample: PatchSample = { seq: patch.seq, reset: patch.reset, bytes: patch.perf.bytes, since: patch.perf.since, sentAt: patch.perf.sentAt, appliedAt: now(), paintedAt: null };
      if (samples.length >= CAPACITY) samples = samples.slice(CAPACITY / 2);
      samples.push(sample);
      nextFrame(() => (sample.paintedAt = now()));
    },
    clear() {
      samples = [];
    },
  };
}
