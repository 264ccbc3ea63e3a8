/**
 * Finishes a stored recording that has no footer (its worker ended without
 * freezing it, e.g. the page was reloaded): cuts it after its last whole,
 * settled input and replays it to compute the footer there. The cut drops
 * the input that was running when the lines stopped, since its outputs and
 * digest may be missing.
 */
import { INPUT_KINDS, lineInfo, parseSessionFile, trimmedSessionText } from '../protocol/session-file';
import { fail, ok, type Result } from '../protocol/result';
import { replayFooter, replaySession, type SettleAsync } from './replayer';

/** Index of the first line to drop: the last input line that does not follow a burst input (`B …` or v1's `d: 0`). */
export function lastWholeInputCut(lines: readonly string[]): { cut: number; inputs: number } {
  const inputAt: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const { kind } = lineInfo(lines[i]!);
    if (kind !== undefined && INPUT_KINDS.has(kind)) inputAt.push(i);
  }
  for (let j = inputAt.length - 1; j >= 1; j--) {
    if (!lineInfo(lines[inputAt[j - 1]!]!).burst) return { cut: inputAt[j]!, inputs: j };
  }
  return { cut: inputAt[0] ?? lines.length, inputs: 0 };
}

/** The session file for `lines` (header first, no footer), with the footer its replay reaches. */
export async function sealRecording(lines: readonly string[], settle: SettleAsync): Promise<Result<string>> {
  const { cut, inputs } = lastWholeInputCut(lines);
  const body = lines.slice(0, cut);
  // A placeholder footer makes the text parse; the replay stops at `inputs` and never compares it.
  const placeholder = JSON.stringify({ k: 'end', inputs, events: 0, hash: '0'.repeat(16), projections: {} });
  try {
    const text = body.join('\n') + '\n' + placeholder + '\n';
    const result = await replaySession(parseSessionFile(text), { settle, until: inputs });
    if (result.divergence) {
      return fail({ name: 'RecordingDiverged', message: `The stored recording does not replay (after input ${result.divergence.input}); it cannot be exported.` });
    }
    return ok(trimmedSessionText(text, result.linesUsed, replayFooter(result)));
  } catch (error) {
    return fail({ name: 'RecordingDamaged', message: `The stored recording is damaged: ${error instanceof Error ? error.message : String(error)}` });
  }
}
