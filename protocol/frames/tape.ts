/**
 * The frame tape: decodeDownFrame's results for a run of frame lines, written as numbers and strings
 * so they can cross to another thread cheaply (typed arrays are transferred, not copied) and be turned
 * back into the very objects decodeDownFrame made, at a small fraction of the cost of decoding again.
 *
 * A replay decodes a million frames; a decoder thread can do that ahead of it (scripts/decoder-thread.ts),
 * writing the tape, and the replay reads it (core-worker/frame-tape-source.ts). Reading must give exactly
 * decodeDownFrame's answer — same keys in the same order at every level, undefined-valued keys included,
 * `n` present only when it was, -0 kept — because event digests hash the JSON of what the core made of it.
 * So the writer encodes only the shapes it knows, checks every value it writes, and declines anything
 * else (another code, a rejection, an `ignored` frame, a message part it does not know): the replay then
 * decodes that frame itself. tests/protocol/frame-tape.test.ts proves the round trip.
 *
 * This file is the batch and its layout; tape-writer.ts writes it, tape-reader.ts reads it.
 * Pure: no I/O, no platform globals.
 */
import { CommandPart, HyperlinkPart, MessageWire, PersonPart, Reaction, TextPart, VideoConferencePart } from '../entities';
import { AckFrame, ChkFrame } from './connection';
import { DelFrame, MsgFrame, ReaFrame } from './messages';
import { TypFrameDown } from './typing';

/**
 * One batch of the tape. The typed arrays can be transferred between threads; `strings` is copied.
 * - `lines`: the line of each frame written (0-based, after the header), ascending.
 * - `starts`: two per frame: where its ops start, where its numbers start.
 * - `ops`: per frame its tag (code and flags), then string indexes, counts and small codes.
 * - `nums`: every number, as a double (so -0, fractions and large integers stay exact).
 * - `strings`: the batch's strings, a repeated one mostly once (the same guids and names recur a lot).
 */
export interface TapeBatch {
  lines: Int32Array<ArrayBuffer>;
  starts: Int32Array<ArrayBuffer>;
  ops: Int32Array<ArrayBuffer>;
  nums: Float64Array<ArrayBuffer>;
  strings: string[];
}

// ---- the layout (shared by the writer and the reader) ------------------------------

// A frame's tag: the code in bits 0–2, `n` present in bit 3, the code's own flags from bit 4.
export const MSG = 0;
export const TYP = 1;
export const REA = 2;
export const DEL = 3;
export const ACK = 4;
export const CHK = 5;
export const CODE_MASK = 7;
export const HAS_N = 1 << 3;

// MSG: ops are guid, address, from_guid, from_first_name, from_last_name, reply_to, client_guid, the reactions
// (a count, then two strings each), the five file strings if FILE, then the parts (a count, then each part's kind
// and fields). Numbers: [n], created, flag, reply_count, then those flagged present, in the order of the flags.
export const URGENT = 1 << 4;
export const SILENT = 1 << 5; // disable_notification
export const CHANGE_SEQ = 1 << 6; // not null
export const LAST_REPLY_TS = 1 << 7; // not null
export const FILE = 1 << 8; // the five file strings follow the reactions (-2 for each one undefined)
export const FILE_SIZE = 1 << 9;
export const HOSTING_TYPE = 1 << 10;
export const PERMISSION = 1 << 11;
export const SCOPE = 1 << 12;
// REA, DEL: change_seq present. DEL: from_guid, created, reply_to present. ACK: n present, check a number.
export const SEQ = 1 << 4;
export const FROM = 1 << 5;
export const CREATED = 1 << 6;
export const REPLY_TO = 1 << 7;
export const ACK_N = 1 << 4;
export const CHECK_NUMBER = 1 << 5;

/** String references that are not strings. */
export const NULL = -1;
export const UNDEFINED = -2;

// Message parts: a kind code, then its fields.
export const TEXT = 0;
export const PERSON = 1;
export const HYPERLINK = 2;
export const COMMAND = 3;
export const BULLETS = 4;
export const ORDERED = 5;
export const VIDEO = 6;
export const SCOPES = ['user', 'channel', 'all'] as const;

/** The message's keys before `parts`, in the order decodeDownFrame makes them (MessageWire's without `json`). */
const MESSAGE_KEYS = [
  'guid', 'address', 'created', 'from_guid', 'from_first_name', 'from_last_name', 'reply_to', 'is_urgent', 'flag',
  'disable_notification', 'reactions', 'client_guid', 'change_seq', 'reply_count', 'last_reply_ts', 'file_guid',
  'file_name', 'file_link', 'file_size', 'hosting_type', 'permission', 'scope', 'preview_link', 'uploaded_by_guid',
];

/**
 * Whether the schemas still have the keys this tape writes, in its order. A schema that gained or lost a
 * key would be read back without it; then nothing is written and every frame is decoded as usual (the
 * round-trip test fails, saying so).
 */
const keysAre = (shape: object, keys: string[]): boolean => Object.keys(shape).join() === keys.join();
export const SCHEMAS_MATCH =
  keysAre(MessageWire.shape, [...MESSAGE_KEYS.slice(0, 6), 'json', ...MESSAGE_KEYS.slice(6)]) &&
  keysAre(MsgFrame.shape, ['message']) &&
  keysAre(TypFrameDown.shape, ['address', 'user_guid', 'first_name', 'last_name']) &&
  keysAre(ReaFrame.shape, ['address', 'guid', 'reactions', 'change_seq']) &&
  keysAre(DelFrame.shape, ['address', 'guid', 'from_guid', 'created', 'reply_to', 'change_seq']) &&
  keysAre(AckFrame.shape, ['check', 'n']) &&
  keysAre(ChkFrame.shape, ['check']) &&
  keysAre(Reaction.shape, ['target_user_guid', 'content']) &&
  keysAre(TextPart.shape, ['type', 'text']) &&
  keysAre(PersonPart.shape, ['type', 'user_guid', 'name', 'scope']) &&
  keysAre(HyperlinkPart.shape, ['type', 'url', 'text']) &&
  keysAre(CommandPart.shape, ['type', 'code', 'text']) &&
  keysAre(VideoConferencePart.shape, ['type', 'token']);
