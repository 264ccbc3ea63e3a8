/**
 * Finishes a stored recording that has no footer (its worker ended without
 * freezing it, e.g. the page was reloaded): cuts it after its last whole,
 * settled input and replays it to compute the footer there. The cut drops
 * the input that was running when the lines stopped, since its outputs and
 * digest may be missing.
 */
import { LinesText } from '../protocol/lines-text';
import { INPUT_KINDS, lineInfo, parseSessionFile } from '../protocol/session-file';
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

/**
 * The session file for `lines` (header first, no footer), with the footer its replay reaches, as its lines:
 * the header, the lines that replay used, the footer. The lines are read where they lie (LinesText) and kept,
 * not copied: one string of the whole recording (128 MB at the default bound) is never made, here or by the
 * export, which writes the file a slice of lines at a time (sessionFile).
 */
export async function sealRecording(lines: readonly string[], settle: SettleAsync): Promise<Result<string[]>> {
  const { cut, inputs } = lastWholeInputCut(lines);
  // No lines at all read as one empty line, as they did joined.
  const body = cut === 0 ? [''] : lines.slice(0, cut);
  // A placeholder footer makes the text parse; the replay stops at `inputs` and never compares it.
  // The empty line after it is the file's final line break.
  body.push(JSON.stringify({ k: 'end', inputs, events: 0, hash: '0'.repeat(16), projections: {} }), '');
  try {
    const result = await replaySession(parseSessionFile(new LinesText(body)), { settle, until: inputs });
    if (result.divergence) {
      return fail({ name: 'RecordingDiverged', message: `The stored recording does not replay (after input ${result.divergence.input}); it cannot be exported.` });
    }
    // The lines trimmedSessionText keeps of the text: the header and those the replay used.
    const file = lines.slice(0, 1 + result.linesUsed);
    file.push(JSON.stringify(replayFooter(result)));
    return ok(file);
  } catch (error) {
    return fail({ name: 'RecordingDamaged', message: `The stored recording is damaged: ${error instanceof Error ? error.message : String(error)}` });
  }
}
