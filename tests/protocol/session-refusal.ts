/** The message a session file is refused with; fails the test if the file is accepted or refused otherwise. */
import { expect } from 'vitest';
import { parseSessionFile, SessionFileError } from '../../protocol/session-file';

export function refusalOf(text: string): string {
  try {
    parseSessionFile(text);
  } catch (error) {
    expect(error).toBeInstanceOf(SessionFileError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}
