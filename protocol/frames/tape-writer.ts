/**
 * Writes the frame tape (protocol/frames/tape.ts): decodeDownFrame's results, one frame line at a time, into
 * batches. It checks every value it writes against the shapes the tape knows and declines anything else.
 */
import type { InlinePart, Message, MessagePart, Reaction } from '../entities';
import type { DownDecode, DownFrame } from './down';
import {
  ACK, ACK_N, BULLETS, CHANGE_SEQ, CHECK_NUMBER, CHK, COMMAND, CREATED, DEL, FILE, FILE_SIZE, FROM, HAS_N, HOSTING_TYPE, HYPERLINK,
  LAST_REPLY_TS, MSG, NULL, ORDERED, PERMISSION, PERSON, REA, REPLY_TO, SCHEMAS_MATCH, SCOPE, SCOPES, SEQ, SILENT, TEXT, TYP,
  UNDEFINED, URGENT, VIDEO, type TapeBatch,
} from './tape';

/** Strings up to this long are looked up among the batch's (guids, names, reactions); longer ones are written each time. */
export const INTERN_UP_TO = 40;
/** Slots of the writer's string cache (a power of two). */
const SLOTS = 16_384;

/** Thrown inside the writer for a value it does not encode; `add` catches it and declines the frame. */
const DECLINE = Symbol('decline');

/** A growable Int32Array / Float64Array: two classes, not one generic, so each push stays monomorphic on the writer's hot path. */
export class IntBuffer {
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

/**
 * Writes decodes into a batch; `finish` hands the batch out and starts the next. The scanner
 * (tape-scan.ts), which writes frames straight from their bytes, writes through `ops`, `nums`, `strings`,
 * `stringIndex` and `commit`; nothing else should.
 */
export class TapeWriter {
  private lines = new IntBuffer();
  private starts = new IntBuffer();
  readonly ops = new IntBuffer();
  readonly nums = new NumBuffer();
  /** The batch's strings (a new array each batch). */
  strings: string[] = [];
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
  /** The batch's number (from 1): a string cache entry from another batch is stale. */
  batchNumber = 1;

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
    this.commit(line, opsAt, numsAt);
    return true;
  }

  /** Records the frame of line `line` written at ops[opsAt…] and nums[numsAt…] (for the scanner). */
  commit(line: number, opsAt: number, numsAt: number): void {
    this.lines.push(line);
    this.starts.push(opsAt);
    this.starts.push(numsAt);
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
    this.ops.push(this.stringIndex(s));
  }

  /** The index of `s` among the batch's strings, added if it is not there (or its cache slot was taken since). */
  stringIndex(s: string): number {
    const n = s.length;
    if (n > INTERN_UP_TO) {
      // Long strings are message texts, which rarely repeat.
      this.strings.push(s);
      return this.strings.length - 1;
    }
    let hash = n;
    for (let i = 0; i < n; i++) hash = Math.imul(hash ^ s.charCodeAt(i), 0x9e3779b1);
    const slot = (hash ^ (hash >>> 15)) & (SLOTS - 1);
    if (this.slotBatch[slot] === this.batchNumber && this.slotString[slot] === s) return this.slotIndex[slot]!;
    const index = this.strings.length;
    this.strings.push(s);
    this.slotString[slot] = s;
    this.slotIndex[slot] = index;
    this.slotBatch[slot] = this.batchNumber;
    return index;
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
