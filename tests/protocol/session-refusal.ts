/**
 * The message a session file is refused with; fails the test if the file is accepted or refused otherwise,
 * or if the same file read as UTF-8 bytes in place (scripts/utf8-text.ts, as `npm run replay` reads it) or as
 * lines held apart (protocol/lines-text.ts, as a stored recording is sealed) is not refused with the same message.
 */
import { expect } from 'vitest';
import { LinesText } from '../../protocol/lines-text';
import { parseSessionFile, SessionFileError } from '../../protocol/session-file';
import type { SessionText } from '../../protocol/session-lines';
import { Utf8Text } from '../../scripts/utf8-text';

function refusal(text: SessionText): string {
  try {
    parseSessionFile(text);
  } catch (error) {
    expect(error).toBeInstanceOf(SessionFileError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

export function refusalOf(text: string): string {
  const message = refusal(text);
  expect(refusal(new Utf8Text(Buffer.from(text, 'utf8')))).toBe(message);
  expect(refusal(new LinesText(text.split('\n')))).toBe(message);
  return message;
}
