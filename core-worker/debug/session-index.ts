/**
 * Replays a session file once with the real core and keeps what the debugger
 * needs to seek without replaying again: every input (with its file line),
 * every event appended, and which input appended it.
 */
import type { Envelope } from '../../protocol/events';
import { INPUT_KINDS, type InputLine, type SessionFile } from '../../protocol/session-file';
import { replaySession, type ReplayResult, type SettleAsync } from '../replayer';
import type { TimelineSource } from './timeline';

export interface IndexedInput {
  line: number;
  input: InputLine;
}

export interface SessionIndex extends TimelineSource {
  file: SessionFile;
  inputs: IndexedInput[];
  events: Envelope[];
  inputOf: number[];
  resets: { event: number; input: number }[];
  /** The replay's outcome. Its core is not kept: the timeline holds what seeking needs, and a heavy user's core is hundreds of megabytes. */
  replay: Omit<ReplayResult, 'core'>;
}

export async function indexSession(file: SessionFile, options: { settle: SettleAsync; now?: () => number }): Promise<SessionIndex> {
  const inputs: IndexedInput[] = [];
  file.lines.forEach((line, i) => {
    if (INPUT_KINDS.has(line.k)) inputs.push({ line: i + 2, input: line as InputLine });
  });

  const events: Envelope[] = [];
  const inputOf: number[] = [];
  const resets: { event: number; input: number }[] = [];
  let lastLog: readonly Envelope[] = [];
  let lastLength = 0;
  const take = (log: readonly Envelope[], from: number, input: number): void => {
    for (let i = from; i < log.length; i++) {
      events.push(log[i]!);
      inputOf.push(input);
    }
  };
  /** Records what the log gained since the last call; a new log array means the core opened another log. */
  const sync = (input: number, log: readonly Envelope[]): void => {
    if (log === lastLog || (log.length === 0 && lastLength === 0)) {
      take(log, lastLength, input);
    } else {
      take(lastLog, lastLength, input); // the old log's tail, appended before it was replaced
      resets.push({ event: events.length, input });
      take(log, 0, input);
    }
    lastLog = log;
    lastLength = log.length;
  };

  const replay = await replaySession(file, {
    settle: options.settle,
    ...(options.now ? { now: options.now } : {}),
    onInput: (index, core) => sync(index, core.log),
  });
  sync(replay.inputs, replay.core.log);
  const { core: _core, ...outcome } = replay;
  return { file, inputs, events, inputOf, resets, replay: outcome };
}
