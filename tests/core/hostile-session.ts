/** A recorded session made hostile: the stored event log its sign-in loads answered with `value` instead. */
import { expect } from 'vitest';

/** `text` with the storage answer to its first event log `load` replaced by `value`; and that answer's line (1-based). */
export function withStoredLog(text: string, value: unknown): { text: string; line: number } {
  const rows = text.trimEnd().split('\n');
  const op = rows.findIndex((r) => r.startsWith('{"k":"op"') && r.includes('"op":"load"'));
  expect(op).toBeGreaterThan(0);
  const o = (JSON.parse(rows[op]!) as { o: number }).o;
  const answer = rows.findIndex((r, i) => i > op && r.startsWith(`{"k":"io","o":${o},`));
  expect(answer).toBeGreaterThan(op);
  const io = JSON.parse(rows[answer]!) as Record<string, unknown>;
  rows[answer] = JSON.stringify({ ...io, v: value });
  return { text: rows.join('\n') + '\n', line: answer + 1 };
}

/** A stored log whose one envelope is a message with no message: what a hand-edited or hostile file may hold. */
export const HOSTILE_LOG = [{ seq: 1, at: 1, source: 'rest', event: { type: 'message.received', message: null } }];
