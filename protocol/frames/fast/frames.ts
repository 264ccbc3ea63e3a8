/**
 * The fast path for the hottest frame codes: MSG, TYP, REA, ACK, DEL and CHK (a heavy user's replay
 * decodes a million of them; zod, even compiled, spent more time on them than JSON.parse did).
 *
 * The zod schemas (protocol/frames/*.ts) are the definition; these are hand-written copies of them
 * for the common case, proven equal by tests/protocol/frames-fast.test.ts: each returns exactly what
 * its schema's parse returns — same keys in the same order, defaults filled, unknown keys dropped — or
 * `undefined` for anything it does not accept. decodeDownFrame then runs the schema, which either
 * accepts after all or gives the rejection its message. So the error path is zod's alone.
 *
 * Input is a frame body as JSON.parse made it (no undefined values, no NaN).
 */
import type { z } from 'zod';
import type { AckFrame, ChkFrame } from '../connection';
import type { DelFrame, MsgFrame, ReaFrame } from '../messages';
import type { TypFrameDown } from '../typing';
import { isCount, isFiniteNumber, isGuid, isRecord, isText } from './checks';
import { fastMessage, fastReactions } from './message';

/** A fast decoder: the schema's output, or undefined to let the schema decide. */
type Fast<S extends z.ZodType> = (body: unknown) => z.output<S> | undefined;

const isName = (v: unknown) => isText(v, 200);
/** CHK's and ACK's `check`: z.union([z.number(), z.string().max(100)]). */
const isCheck = (v: unknown): v is number | string => isFiniteNumber(v) || isText(v, 100);

/** MSG: { message: Message }. */
const msg: Fast<typeof MsgFrame> = (body) => {
  if (!isRecord(body)) return undefined;
  const message = fastMessage(body.message);
  return message === undefined ? undefined : { message };
};

/** TYP: { address, user_guid, first_name = '', last_name = '' }. */
const typ: Fast<typeof TypFrameDown> = (body) => {
  if (!isRecord(body)) return undefined;
  const { address, user_guid, first_name = '', last_name = '' } = body;
  if (!isGuid(address) || !isGuid(user_guid) || !isName(first_name) || !isName(last_name)) return undefined;
  return { address, user_guid, first_name, last_name };
};

/** REA: { address, guid, reactions, change_seq? }. */
const rea: Fast<typeof ReaFrame> = (body) => {
  if (!isRecord(body)) return undefined;
  const { address, guid, change_seq } = body;
  if (!isGuid(address) || !isGuid(guid)) return undefined;
  const reactions = fastReactions(body.reactions);
  if (reactions === undefined) return undefined;
  if (change_seq === undefined) return { address, guid, reactions };
  return isCount(change_seq) ? { address, guid, reactions, change_seq } : undefined;
};

/** DEL: { address, guid, from_guid?, created?, reply_to? (may be null), change_seq? }, absent keys left out. */
const del: Fast<typeof DelFrame> = (body) => {
  if (!isRecord(body)) return undefined;
  const { address, guid, from_guid, created, reply_to, change_seq } = body;
  if (!isGuid(address) || !isGuid(guid)) return undefined;
  const data: z.output<typeof DelFrame> = { address, guid };
  if (from_guid !== undefined) {
    if (!isGuid(from_guid)) return undefined;
    data.from_guid = from_guid;
  }
  if (created !== undefined) {
    if (!isCount(created)) return undefined;
    data.created = created;
  }
  if (reply_to !== undefined) {
    if (reply_to !== null && !isGuid(reply_to)) return undefined;
    data.reply_to = reply_to;
  }
  if (change_seq !== undefined) {
    if (!isCount(change_seq)) return undefined;
    data.change_seq = change_seq;
  }
  return data;
};

/** ACK: { check, n? } (n: how many sequenced frames the server sent). */
const ack: Fast<typeof AckFrame> = (body) => {
  if (!isRecord(body)) return undefined;
  const { check, n } = body;
  if (!isCheck(check)) return undefined;
  if (n === undefined) return { check };
  return isCount(n) ? { check, n } : undefined;
};

/** CHK: { check }. */
const chk: Fast<typeof ChkFrame> = (body) => {
  if (!isRecord(body)) return undefined;
  const { check } = body;
  return isCheck(check) ? { check } : undefined;
};

/** The fast decoders by frame code; codes not listed go straight to their schema. */
export const FAST_DOWN = { MSG: msg, TYP: typ, REA: rea, DEL: del, ACK: ack, CHK: chk } as const;
