/**
 * Invalid input is rejected at the edge and logged once per (code, reason),
 * so a flood of bad frames cannot fill the log. Counts are kept for tests and
 * diagnostics.
 */
import type { Logger } from './ports';

const MAX_DISTINCT = 500;

export interface RejectionLog {
  reject(code: string, reason: string): void;
  /** How many inputs were rejected, in all. */
  readonly total: number;
  /** Distinct (code, reason) pairs seen, with counts. */
  readonly counts: ReadonlyMap<string, number>;
}

export function createRejectionLog(logger: Logger): RejectionLog {
  const counts = new Map<string, number>();
  let total = 0;
  let overflowLogged = false;
  return {
    reject(code, reason) {
      total++;
      const key = `${code} ${reason}`;
      const seen = counts.get(key);
      if (seen !== undefined) {
        counts.set(key, seen + 1);
        return;
      }
      if (counts.size >= MAX_DISTINCT) {
        if (!overflowLogged) logger.warn(`Rejected input: more than ${MAX_DISTINCT} distinct problems; further ones are counted only`);
        overflowLogged = true;
        return;
      }
      counts.set(key, 1);
      logger.warn(`Rejected ${code}: ${reason}`);
    },
    get total() {
      return total;
    },
    counts,
  };
}
