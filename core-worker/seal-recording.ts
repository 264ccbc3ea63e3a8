/**
 * Finishes a stored recording that has no footer (its worker ended without
 * freezing it, e.g. the page was reloaded): cuts it after its last whole,
 * settled input and replays it to compute the footer there. The cut drops
 * the input that was running when the lines stopped, since its outputs and
 * digest may be missing.
 *
 * A replay that does not reach the cut as the recording went — this build is
 * not the one that recorded it, or the session hit a nondeterminism bug — does
 * not lose the recording: the file is still made, its whole inputs as recorded,
 * with an unsealed footer that says it has no final hash and why
 * (docs/session-format.md, "Unsealed files"). Only lines that cannot be read
 * refuse the export.
 */
import { divergenceReason } from '../protocol/debug-api';
import { LinesText } from '../protocol/lines-text';
import { INPUT_KINDS, lineInfo, parseSessionFile, SessionFileError, unsealedFooter, type UnsealedNote } from '../protocol/session-file';
import { errorText, fail, ok, type Result } from '../protocol/result';
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

/** A sealed recording's lines (header first, footer last), and why it is unsealed if it is. */
export interface SealedRecording {
  lines: string[];
  /** Set when the replay did not reach the cut as recorded: the footer is unsealed (no final hash), for this reason. */
  unsealed: UnsealedNote | null;
}

/**
 * The session file for `lines` (header first, no footer), with the footer its replay reaches, as its lines:
 * the header, the lines that replay used, the footer; or, when the replay on this build (`app`) differs from
 * the recording, the header and every whole input as recorded with an unsealed footer saying where and why.
 * The lines are read where they lie (LinesText) and kept, not copied: one string of the whole recording
 * (128 MB at the default bound) is never made, here or by the export, which writes the file a slice of lines
 * at a time (sessionFile).
 */
export async function sealRecording(lines: readonly string[], settle: SettleAsync, app: string): Promise<Result<SealedRecording>> {
  const { cut, inputs } = lastWholeInputCut(lines);
  // No lines at all read as one empty line, as they did joined.
  const body = cut === 0 ? [''] : lines.slice(0, cut);
  const unsealed = (note: Omit<UnsealedNote, 'by'>): Result<SealedRecording> => {
    const footer = unsealedFooter(inputs, { by: app, ...note });
    return ok({ lines: [...body, JSON.stringify(footer)], unsealed: footer.unsealed! });
  };
  // The footer it would have unsealed makes the text parse; the replay stops at `inputs` and never compares it.
  // The empty line after it is the file's final line break.
  const text = new LinesText([...body, JSON.stringify(unsealedFooter(inputs, { by: app, reason: 'not replayed' })), '']);
  let file;
  try {
    file = parseSessionFile(text);
  } catch (error) {
    return fail({ name: 'RecordingDamaged', message: `The stored recording is damaged: ${error instanceof Error ? error.message : String(error)}` });
  }
  try {
    const result = await replaySession(file, { settle, until: inputs });
    const d = result.divergence;
    if (d) return unsealed({ input: d.input, line: d.line, reason: divergenceReason(d) });
    // The lines trimmedSessionText keeps of the text: the header and those the replay used.
    const sealed = lines.slice(0, 1 + result.linesUsed);
    sealed.push(JSON.stringify(replayFooter(result)));
    return ok({ lines: sealed, unsealed: null });
  } catch (error) {
    // The lines were read; the replay itself failed (the replayer reports what it can as a divergence).
    if (error instanceof SessionFileError) return fail({ name: 'RecordingDamaged', message: `The stored recording is damaged: ${error.message}` });
    return unsealed({ reason: `the replay failed: ${errorText(error).slice(0, 1_000)}` });
  }
}
