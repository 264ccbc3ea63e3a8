/**
 * The live app's recording: on by default, kept in a bounded buffer. Past the
 * bound the recording stops (a replay needs every input from the start) and
 * its footer is frozen at that moment, so the export stays replayable up to
 * there. The export's header names the user as of export time.
 */
import { ok } from '../protocol/result';
import { INPUT_KINDS } from '../protocol/session-file';
import type { CoreApi } from '../protocol/core-api';
import type { Core } from './core';
import type { CoreDeps } from './ports';
import { createRecorder, type Settle } from './recorder';

/**
 * Default bound: 16M characters (about 32 MB in memory as UTF-16; a day of ordinary use). Kept modest
 * because it lives in the worker's memory until recordings move to IndexedDB.
 */
export const DEFAULT_RECORDING_CHARS = 16 * 1024 * 1024;

export interface SessionRecording {
  readonly deps: CoreDeps;
  /** The core's API, recorded, with $exportSession. */
  attach(core: Core): CoreApi;
}

export function createSessionRecording(real: CoreDeps, options: { app: string; settle: Settle; maxChars?: number }): SessionRecording {
  const maxChars = options.maxChars ?? DEFAULT_RECORDING_CHARS;
  const lines: string[] = [];
  let chars = 0;
  let frozenFooter: string | null = null;
  let previousWasBurst = false;
  let core: Core | null = null;
  const recorder = createRecorder(real, {
    app: options.app,
    settle: options.settle,
    write(line) {
      if (frozenFooter !== null) return;
      // The bound is met at an input boundary after a settled input, so the file ends on a whole input
      // and its footer is the state the replay will reach. The input that found the buffer full is not written.
      const kind = /^\{"k":"(\w+)"/.exec(line)?.[1];
      if (chars > maxChars && kind !== undefined && INPUT_KINDS.has(kind) && !previousWasBurst) {
        frozenFooter = recorder.footer();
        return;
      }
      if (kind !== undefined && INPUT_KINDS.has(kind)) previousWasBurst = line.includes('"d":0');
      lines.push(line);
      chars += line.length + 1;
    },
  });
  return {
    deps: recorder.deps,
    attach(attached) {
      core = attached;
      const api = recorder.attach(attached);
      return {
        ...api,
        async $exportSession() {
          const header = JSON.parse(lines[0]!) as Record<string, unknown>;
          header.user = core?.projections.session.user?.target_user_guid ?? null;
          const footer = frozenFooter ?? recorder.footer();
          const text = [JSON.stringify(header), ...lines.slice(1), footer].join('\n') + '\n';
          const stamp = new Date(real.clock.now()).toISOString().replace(/[:.]/g, '-');
          return ok({ fileName: `plaza-session-${stamp}.jsonl`, text });
        },
      };
    },
  };
}
