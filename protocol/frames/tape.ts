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
 * Pure: no I/O, no platform globals.
 */
import { CommandPart, HyperlinkPart, MessageWire, PersonPart, Reaction, TextPart, VideoConferencePart, type InlinePart, type Message, type MessagePart } from '../entities';
import { AckFrame, ChkFrame } from './connection';
import type { DownDecode, DownFrame } from './down';
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

// ---- the layout -----------------------------------------------------------------

// A frame's tag: the code in bits 0–2, `n` present in bit 3, the code's own flags from bit 4.
const MSG = 0;
const TYP = 1;
const REA = 2;
const DEL = 3;
const ACK = 4;
const CHK = 5;
const CODE_MASK = 7;
const HAS_N = 1 << 3;

// MSG: ops are guid, address, from_guid, from_first_name, from_last_name, reply_to, client_guid, the reactions
// (a count, then two strings each), the five file strings if FILE, then the parts (a count, then each part's kind
// and fields). Numbers: [n], created, flag, reply_count, then those flagged present, in the order of the flags.
const URGENT = 1 << 4;
const SILENT = 1 << 5; // disable_notification
const CHANGE_SEQ = 1 << 6; // not null
const LAST_REPLY_TS = 1 << 7; // not null
const FILE = 1 << 8; // the five file strings follow the reactions (-2 for each one undefined)
const FILE_SIZE = 1 << 9;
const HOSTING_TYPE = 1 << 10;
const PERMISSION = 1 << 11;
const SCOPE = 1 << 12;
// REA, DEL: change_seq present. DEL: from_guid, created, reply_to present. ACK: n present, check a number.
const SEQ = 1 << 4;
const FROM = 1 << 5;
const CREATED = 1 << 6;
const REPLY_TO = 1 << 7;
const ACK_N = 1 << 4;
const CHECK_NUMBER = 1 << 5;

/** String references that are not strings. */
const NULL = -1;
const UNDEFINED = -2;

// Message parts: a kind code, then its fields.
const TEXT = 0;
const PERSON = 1;
const HYPERLINK = 2;
const COMMAND = 3;
const BULLETS = 4;
const ORDERED = 5;
const VIDEO = 6;
const SCOPES = ['user', 'channel', 'all'] as const;

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
const SCHEMAS_MATCH =
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

// ---- writing --------------------------------------------------------------------

/** Strings up to this long are looked up among the batch's (guids, names, reactions); longer ones are written each time. */
const INTERN_UP_TO = 40;
/** Slots of the writer's string cache (a power of two). */
const SLOTS = 16_384;

/** Thrown inside the writer for a value it does not encode; `add` catches it and declines the frame. */
const DECLINE = Symbol('decline');

/** A growable Int32Array / Float64Array. */
class IntBuffer {
  data = new Int32Array(1 << 16);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) this.grow();
    this.data[this.length++] = v;
  }
  private grow(): void {
    const bigger = new Int32Array(this.data.length * 2);
    bigger.set(this.data);
    this.data = bigger;
  }
}
class NumBuffer {
  data = new Float64Array(1 << 14);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) this.grow();
    this.data[this.length++] = v;
  }
  private grow(): void {
    const bigger = new Float64Array(this.data.length * 2);
    bigger.set(this.data);
    this.data = bigger;
  }
}

/** Writes decodes into a batch; `finish` hands the batch out and starts the next. */
export class TapeWriter {
  private lines = new IntBuffer();
  private starts = new IntBuffer();
  private ops = new IntBuffer();
  private nums = new NumBuffer();
  private strings: string[] = [];
  /**
   * A direct-mapped cache of the batch's strings: the slot a string hashes to holds the last string seen
   * there and its index. A repeat whose slot another string took since is written again — the batch is a
   * little larger (about 7% on a heavy user's session), never wrong. A Map finds every repeat, but the
   * writer spent more time in it than in everything else it does.
   */
  private readonly slotString: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);
  private readonly slotIndex = new Int32Array(SLOTS);
  /** The batch each slot was filled in (batches are numbered from 1): a slot from an earlier batch is empty. */
  private readonly slotBatch = new Int32Array(SLOTS);
  private batchNumber = 1;

  /** How many frames the current batch holds. */
  get count(): number {
    return this.lines.length;
  }

  /**
   * Appends the decode of frame line `line` (lines must come in ascending order). Returns false, having
   * written nothing, for anything the tape does not encode.
   */
  add(line: number, decoded: DownDecode): boolean {
    if (!SCHEMAS_MATCH || decoded.ok !== true) return false;
    const opsAt = this.ops.length;
    const numsAt = this.nums.length;
    try {
      this.frame(decoded.value);
    } catch (error) {
      if (error !== DECLINE) throw error;
      this.ops.length = opsAt;
      this.nums.length = numsAt;
      return false;
    }
    this.lines.push(line);
    this.starts.push(opsAt);
    this.starts.push(numsAt);
    return true;
  }

  /** The batch written so far, in arrays of its exact size; the writer starts a new one. */
  finish(): TapeBatch {
    const batch: TapeBatch = {
      lines: this.lines.data.slice(0, this.lines.length),
      starts: this.starts.data.slice(0, this.starts.length),
      ops: this.ops.data.slice(0, this.ops.length),
      nums: this.nums.data.slice(0, this.nums.length),
      strings: this.strings,
    };
    this.lines.length = this.starts.length = this.ops.length = this.nums.length = 0;
    this.strings = [];
    this.batchNumber++;
    return batch;
  }

  private frame(frame: DownFrame): void {
    const tagAt = this.ops.length;
    this.ops.push(0);
    let tag = frame.n === undefined ? 0 : HAS_N;
    if (frame.n !== undefined) this.number(frame.n);
    else if ('n' in frame) throw DECLINE;
    switch (frame.code) {
      case 'MSG':
        tag |= MSG | this.message(frame.data.message);
        break;
      case 'TYP': {
        const { address, user_guid, first_name, last_name } = frame.data;
        tag |= TYP;
        this.string(address);
        this.string(user_guid);
        this.string(first_name);
        this.string(last_name);
        break;
      }
      case 'REA': {
        const { address, guid, reactions, change_seq } = frame.data;
        tag |= REA;
        this.string(address);
        this.string(guid);
        this.reactions(reactions);
        tag |= this.optionalNumber(frame.data, 'change_seq', change_seq, SEQ);
        break;
      }
      case 'DEL': {
        const data = frame.data;
        tag |= DEL;
        this.string(data.address);
        this.string(data.guid);
        if (data.from_guid !== undefined) {
          tag |= FROM;
          this.string(data.from_guid);
        } else this.absent(data, 'from_guid');
        tag |= this.optionalNumber(data, 'created', data.created, CREATED);
        if (data.reply_to !== undefined) {
          tag |= REPLY_TO;
          this.stringOrNull(data.reply_to);
        } else this.absent(data, 'reply_to');
        tag |= this.optionalNumber(data, 'change_seq', data.change_seq, SEQ);
        break;
      }
      case 'ACK':
        tag |= ACK | this.check(frame.data.check) | this.optionalNumber(frame.data, 'n', frame.data.n, ACK_N);
        break;
      case 'CHK':
        tag |= CHK | this.check(frame.data.check);
        break;
      default:
        throw DECLINE;
    }
    this.ops.data[tagAt] = tag;
  }

  /** Writes a message (no tag of its own: its flags go into the frame's); returns the flags. */
  private message(m: Message): number {
    this.string(m.guid);
    this.string(m.address);
    this.string(m.from_guid);
    this.string(m.from_first_name);
    this.string(m.from_last_name);
    this.stringOrNull(m.reply_to);
    this.stringOrNull(m.client_guid);
    this.number(m.created);
    this.number(m.flag);
    this.number(m.reply_count);
    let flags = this.boolean(m.is_urgent, URGENT) | this.boolean(m.disable_notification, SILENT);
    flags |= this.numberOrNull(m.change_seq, CHANGE_SEQ) | this.numberOrNull(m.last_reply_ts, LAST_REPLY_TS);
    this.reactions(m.reactions);
    if (m.file_guid !== undefined || m.file_name !== undefined || m.file_link !== undefined || m.preview_link !== undefined || m.uploaded_by_guid !== undefined) {
      flags |= FILE;
      this.optionalString(m.file_guid);
      this.optionalString(m.file_name);
      this.optionalString(m.file_link);
      this.optionalString(m.preview_link);
      this.optionalString(m.uploaded_by_guid);
    }
    flags |= this.fileNumber(m.file_size, FILE_SIZE) | this.fileNumber(m.hosting_type, HOSTING_TYPE);
    flags |= this.fileNumber(m.permission, PERMISSION) | this.fileNumber(m.scope, SCOPE);
    this.parts(m.parts);
    return flags;
  }

  private reactions(reactions: readonly Reaction[]): void {
    if (!Array.isArray(reactions)) throw DECLINE;
    this.ops.push(reactions.length);
    for (const r of reactions) {
      this.string(r.target_user_guid);
      this.string(r.content);
    }
  }

  private parts(parts: readonly MessagePart[]): void {
    if (!Array.isArray(parts)) throw DECLINE;
    this.ops.push(parts.length);
    for (const part of parts) {
      switch (part.type) {
        case 'bullet-list':
        case 'ordered-list':
          this.ops.push(part.type === 'bullet-list' ? BULLETS : ORDERED);
          if (!Array.isArray(part.items)) throw DECLINE;
          this.ops.push(part.items.length);
          for (const item of part.items) this.inlineParts(item);
          break;
        case 'video_conference':
          this.ops.push(VIDEO);
          this.string(part.token);
          break;
        default:
          this.inline(part);
      }
    }
  }

  private inlineParts(parts: readonly InlinePart[]): void {
    if (!Array.isArray(parts)) throw DECLINE;
    this.ops.push(parts.length);
    for (const part of parts) this.inline(part);
  }

  private inline(part: InlinePart): void {
    switch (part.type) {
      case 'text':
        this.ops.push(TEXT);
        this.string(part.text);
        return;
      case 'person': {
        const scope = SCOPES.indexOf(part.scope);
        if (scope < 0) throw DECLINE;
        this.ops.push(PERSON);
        this.string(part.user_guid);
        this.string(part.name);
        this.ops.push(scope);
        return;
      }
      case 'hyperlink':
        this.ops.push(HYPERLINK);
        this.string(part.url);
        if (part.text !== undefined) this.string(part.text);
        else {
          this.absent(part, 'text');
          this.ops.push(UNDEFINED);
        }
        return;
      case 'command':
        this.ops.push(COMMAND);
        this.string(part.code);
        this.string(part.text);
        return;
      default:
        throw DECLINE;
    }
  }

  /** CHK's and ACK's `check`: a number or a string; returns CHECK_NUMBER for a number. */
  private check(check: number | string): number {
    if (typeof check === 'number') {
      this.number(check);
      return CHECK_NUMBER;
    }
    this.string(check);
    return 0;
  }

  private string(s: string): void {
    if (typeof s !== 'string') throw DECLINE;
    const n = s.length;
    if (n > INTERN_UP_TO) {
      // Long strings are message texts, which rarely repeat.
      this.ops.push(this.strings.length);
      this.strings.push(s);
      return;
    }
    let hash = n;
    for (let i = 0; i < n; i++) hash = Math.imul(hash ^ s.charCodeAt(i), 0x9e3779b1);
    const slot = (hash ^ (hash >>> 15)) & (SLOTS - 1);
    if (this.slotBatch[slot] === this.batchNumber && this.slotString[slot] === s) {
      this.ops.push(this.slotIndex[slot]!);
      return;
    }
    const index = this.strings.length;
    this.strings.push(s);
    this.slotString[slot] = s;
    this.slotIndex[slot] = index;
    this.slotBatch[slot] = this.batchNumber;
    this.ops.push(index);
  }

  private stringOrNull(s: string | null): void {
    if (s === null) this.ops.push(NULL);
    else this.string(s);
  }

  /** A message's optional file string: always present as a key, undefined when the message has none. */
  private optionalString(s: string | undefined): void {
    if (s === undefined) this.ops.push(UNDEFINED);
    else this.string(s);
  }

  /** A message's optional file number; returns `flag` when it is there. */
  private fileNumber(v: number | undefined, flag: number): number {
    if (v === undefined) return 0;
    this.number(v);
    return flag;
  }

  private number(v: number): void {
    if (typeof v !== 'number') throw DECLINE;
    this.nums.push(v);
  }

  /** Writes a number that may be null; returns `flag` when it is not null. */
  private numberOrNull(v: number | null, flag: number): number {
    if (v === null) return 0;
    this.number(v);
    return flag;
  }

  /** Writes an optional number; returns `flag` when it is present. A key present as undefined is declined. */
  private optionalNumber(owner: object, key: string, v: number | undefined, flag: number): number {
    if (v === undefined) {
      this.absent(owner, key);
      return 0;
    }
    this.number(v);
    return flag;
  }

  private boolean(v: boolean, flag: number): number {
    if (typeof v !== 'boolean') throw DECLINE;
    return v ? flag : 0;
  }

  /** An optional key the tape writes as absent must be absent, not present as undefined. */
  private absent(owner: object, key: string): void {
    if (key in owner) throw DECLINE;
  }
}

// ---- reading --------------------------------------------------------------------

/**
 * Reads a batch back. `read(k)` builds the decode of the batch's k-th frame anew on each call, with object
 * literals of the shapes decodeDownFrame makes (so they get the same hidden classes, in the same key order).
 */
export class TapeReader {
  private readonly ops: Int32Array;
  private readonly nums: Float64Array;
  private readonly strings: string[];
  // Where the frame being read has got to, in ops and nums.
  private p = 0;
  private q = 0;

  constructor(readonly batch: TapeBatch) {
    this.ops = batch.ops;
    this.nums = batch.nums;
    this.strings = batch.strings;
  }

  /** How many frames the batch holds. */
  get count(): number {
    return this.batch.lines.length;
  }

  /** The line of the k-th frame. */
  line(k: number): number {
    return this.batch.lines[k]!;
  }

  /** The decode of the k-th frame, as decodeDownFrame returned it. */
  read(k: number): DownDecode {
    this.p = this.batch.starts[2 * k]!;
    this.q = this.batch.starts[2 * k + 1]!;
    const tag = this.ops[this.p++]!;
    const n = tag & HAS_N ? this.nums[this.q++]! : undefined;
    let frame: DownFrame;
    switch (tag & CODE_MASK) {
      case MSG: {
        const message = this.message(tag);
        frame = n === undefined ? { code: 'MSG', data: { message } } : { code: 'MSG', data: { message }, n };
        break;
      }
      case TYP: {
        const data = { address: this.string(), user_guid: this.string(), first_name: this.string(), last_name: this.string() };
        frame = n === undefined ? { code: 'TYP', data } : { code: 'TYP', data, n };
        break;
      }
      case REA: {
        const address = this.string();
        const guid = this.string();
        const reactions = this.reactions();
        const data = tag & SEQ ? { address, guid, reactions, change_seq: this.nums[this.q++]! } : { address, guid, reactions };
        frame = n === undefined ? { code: 'REA', data } : { code: 'REA', data, n };
        break;
      }
      case DEL: {
        // Built key by key, as the fast decoder builds it, so the object takes the same shape.
        const data: Extract<DownFrame, { code: 'DEL' }>['data'] = { address: this.string(), guid: this.string() };
        if (tag & FROM) data.from_guid = this.string();
        if (tag & CREATED) data.created = this.nums[this.q++]!;
        if (tag & REPLY_TO) data.reply_to = this.stringOrNull();
        if (tag & SEQ) data.change_seq = this.nums[this.q++]!;
        frame = n === undefined ? { code: 'DEL', data } : { code: 'DEL', data, n };
        break;
      }
      case ACK: {
        const check = this.check(tag);
        const data = tag & ACK_N ? { check, n: this.nums[this.q++]! } : { check };
        frame = n === undefined ? { code: 'ACK', data } : { code: 'ACK', data, n };
        break;
      }
      default: {
        const data = { check: this.check(tag) };
        frame = n === undefined ? { code: 'CHK', data } : { code: 'CHK', data, n };
      }
    }
    return { ok: true, value: frame };
  }

  private message(tag: number): Message {
    // Strings first, then numbers, in the order the writer wrote them.
    const guid = this.string();
    const address = this.string();
    const from_guid = this.string();
    const from_first_name = this.string();
    const from_last_name = this.string();
    const reply_to = this.stringOrNull();
    const client_guid = this.stringOrNull();
    const nums = this.nums;
    const created = nums[this.q++]!;
    const flag = nums[this.q++]!;
    const reply_count = nums[this.q++]!;
    const change_seq = tag & CHANGE_SEQ ? nums[this.q++]! : null;
    const last_reply_ts = tag & LAST_REPLY_TS ? nums[this.q++]! : null;
    const reactions = this.reactions();
    if (!(tag & (FILE | FILE_SIZE | HOSTING_TYPE | PERMISSION | SCOPE))) {
      // The usual message: no file, so every file field present as undefined.
      return {
        guid, address, created, from_guid, from_first_name, from_last_name, reply_to, is_urgent: (tag & URGENT) !== 0, flag,
        disable_notification: (tag & SILENT) !== 0, reactions, client_guid, change_seq, reply_count, last_reply_ts,
        file_guid: undefined, file_name: undefined, file_link: undefined, file_size: undefined, hosting_type: undefined,
        permission: undefined, scope: undefined, preview_link: undefined, uploaded_by_guid: undefined, parts: this.parts(),
      };
    }
    const file = tag & FILE;
    const file_guid = file ? this.optionalString() : undefined;
    const file_name = file ? this.optionalString() : undefined;
    const file_link = file ? this.optionalString() : undefined;
    const preview_link = file ? this.optionalString() : undefined;
    const uploaded_by_guid = file ? this.optionalString() : undefined;
    const file_size = tag & FILE_SIZE ? nums[this.q++]! : undefined;
    const hosting_type = tag & HOSTING_TYPE ? nums[this.q++]! : undefined;
    const permission = tag & PERMISSION ? nums[this.q++]! : undefined;
    const scope = tag & SCOPE ? nums[this.q++]! : undefined;
    return {
      guid, address, created, from_guid, from_first_name, from_last_name, reply_to, is_urgent: (tag & URGENT) !== 0, flag,
      disable_notification: (tag & SILENT) !== 0, reactions, client_guid, change_seq, reply_count, last_reply_ts,
      file_guid, file_name, file_link, file_size, hosting_type, permission, scope, preview_link, uploaded_by_guid,
      parts: this.parts(),
    };
  }

  private reactions(): Reaction[] {
    const reactions: Reaction[] = [];
    for (let i = this.ops[this.p++]!; i > 0; i--) reactions.push({ target_user_guid: this.string(), content: this.string() });
    return reactions;
  }

  private parts(): MessagePart[] {
    const parts: MessagePart[] = [];
    for (let i = this.ops[this.p++]!; i > 0; i--) {
      const kind = this.ops[this.p++]!;
      if (kind === BULLETS || kind === ORDERED) {
        const items: InlinePart[][] = [];
        for (let j = this.ops[this.p++]!; j > 0; j--) items.push(this.inlineParts());
        parts.push(kind === BULLETS ? { type: 'bullet-list', items } : { type: 'ordered-list', items });
      } else if (kind === VIDEO) parts.push({ type: 'video_conference', token: this.string() });
      else parts.push(this.inline(kind));
    }
    return parts;
  }

  private inlineParts(): InlinePart[] {
    const parts: InlinePart[] = [];
    for (let i = this.ops[this.p++]!; i > 0; i--) parts.push(this.inline(this.ops[this.p++]!));
    return parts;
  }

  private inline(kind: number): InlinePart {
    switch (kind) {
      case TEXT:
        return { type: 'text', text: this.string() };
      case PERSON:
        return { type: 'person', user_guid: this.string(), name: this.string(), scope: SCOPES[this.ops[this.p++]!]! };
      case HYPERLINK: {
        const url = this.string();
        const text = this.optionalString();
        return text === undefined ? { type: 'hyperlink', url } : { type: 'hyperlink', url, text };
      }
      default:
        return { type: 'command', code: this.string(), text: this.string() };
    }
  }

  private check(tag: number): number | string {
    return tag & CHECK_NUMBER ? this.nums[this.q++]! : this.string();
  }

  // Object literals evaluate their values in source order, so reading fields inline keeps the writer's order.
  private string(): string {
    return this.strings[this.ops[this.p++]!]!;
  }

  private stringOrNull(): string | null {
    const i = this.ops[this.p++]!;
    return i === NULL ? null : this.strings[i]!;
  }

  private optionalString(): string | undefined {
    const i = this.ops[this.p++]!;
    return i === UNDEFINED ? undefined : this.strings[i]!;
  }
}
