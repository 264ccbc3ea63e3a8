/**
 * Reads the frame tape (protocol/frames/tape.ts) back into the frames decodeDownFrame decoded.
 */
import type { InlinePart, Message, MessagePart, Reaction } from '../entities';
import type { DownFrame } from './down';
import {
  ACK, ACK_N, BULLETS, CHANGE_SEQ, CHECK_NUMBER, CODE_MASK, CREATED, DEL, FILE, FILE_SIZE, FROM, HAS_N, HOSTING_TYPE, HYPERLINK,
  LAST_REPLY_TS, MSG, NULL, ORDERED, PERMISSION, PERSON, REA, REPLY_TO, SCOPE, SCOPES, SEQ, SILENT, TEXT, TYP, UNDEFINED, URGENT,
  VIDEO, type TapeBatch,
} from './tape';

/**
 * Reads a batch back. `read(k)` builds the batch's k-th frame anew on each call, with object literals of the
 * shapes decodeDownFrame makes (so they get the same hidden classes, in the same key order). The tape holds
 * only frames that decoded, so a frame is given without decodeDownFrame's `{ ok: true, value }` around it
 * (a million-frame replay made a million of those only to unwrap them).
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

  /** The k-th frame, as decodeDownFrame decoded it (its `value`). */
  read(k: number): DownFrame {
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
    return frame;
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
    const is_urgent = (tag & URGENT) !== 0;
    const disable_notification = (tag & SILENT) !== 0;
    if (!(tag & (FILE | FILE_SIZE | HOSTING_TYPE | PERMISSION | SCOPE))) {
      // The usual message: no file, so no file field (decodeDownFrame leaves out those a message has not).
      return {
        guid, address, created, from_guid, from_first_name, from_last_name, reply_to, is_urgent, flag, disable_notification, reactions,
        client_guid, change_seq, reply_count, last_reply_ts, parts: this.parts(),
      };
    }
    // The file fields it has, key by key in the schema's order (as decodeDownFrame makes them), then its parts.
    const message = {
      guid, address, created, from_guid, from_first_name, from_last_name, reply_to, is_urgent, flag, disable_notification, reactions,
      client_guid, change_seq, reply_count, last_reply_ts,
    } as Message;
    // Strings before numbers, in the order the writer wrote them.
    let preview_link: string | undefined;
    let uploaded_by_guid: string | undefined;
    if (tag & FILE) {
      const file_guid = this.optionalString();
      const file_name = this.optionalString();
      const file_link = this.optionalString();
      preview_link = this.optionalString();
      uploaded_by_guid = this.optionalString();
      if (file_guid !== undefined) message.file_guid = file_guid;
      if (file_name !== undefined) message.file_name = file_name;
      if (file_link !== undefined) message.file_link = file_link;
    }
    if (tag & FILE_SIZE) message.file_size = nums[this.q++]!;
    if (tag & HOSTING_TYPE) message.hosting_type = nums[this.q++]!;
    if (tag & PERMISSION) message.permission = nums[this.q++]!;
    if (tag & SCOPE) message.scope = nums[this.q++]!;
    if (preview_link !== undefined) message.preview_link = preview_link;
    if (uploaded_by_guid !== undefined) message.uploaded_by_guid = uploaded_by_guid;
    message.parts = this.parts();
    return message;
  }

  // Arrays of one element (most messages' parts, most reactions) are made as literals: an array filled by
  // push gets room for 16 elements at its first, and messages outlive many collections, each copying it.

  private reactions(): Reaction[] {
    const count = this.ops[this.p++]!;
    if (count === 0) return [];
    if (count === 1) return [this.reaction()];
    const reactions: Reaction[] = [];
    for (let i = count; i > 0; i--) reactions.push(this.reaction());
    return reactions;
  }

  private reaction(): Reaction {
    return { target_user_guid: this.string(), content: this.string() };
  }

  private parts(): MessagePart[] {
    const count = this.ops[this.p++]!;
    if (count === 0) return [];
    if (count === 1) return [this.part()];
    const parts: MessagePart[] = [];
    for (let i = count; i > 0; i--) parts.push(this.part());
    return parts;
  }

  private part(): MessagePart {
    const kind = this.ops[this.p++]!;
    if (kind === BULLETS || kind === ORDERED) {
      const items: InlinePart[][] = [];
      for (let j = this.ops[this.p++]!; j > 0; j--) items.push(this.inlineParts());
      return kind === BULLETS ? { type: 'bullet-list', items } : { type: 'ordered-list', items };
    }
    if (kind === VIDEO) return { type: 'video_conference', token: this.string() };
    return this.inline(kind);
  }

  private inlineParts(): InlinePart[] {
    const count = this.ops[this.p++]!;
    if (count === 1) return [this.inline(this.ops[this.p++]!)];
    const parts: InlinePart[] = [];
    for (let i = count; i > 0; i--) parts.push(this.inline(this.ops[this.p++]!));
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
