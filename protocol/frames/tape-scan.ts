/**
 * The frame tape's fast lane: writes the commonest frames (TYP, ACK, REA, DEL, MSG) onto the tape
 * (tape.ts) straight from the bytes of their line, without making the frame's text, JSON.parse's object
 * or the fast decoder's result and walking it again (tape-writer.ts). For a heavy user's million frames
 * that was most of the decoder thread's time (JSON.parse alone was half of it).
 *
 * It is strict: it writes a frame only when it is sure what decodeDownFrame returns for it, and declines
 * (writing nothing) anything else — the caller then decodes the frame's text as before and hands the
 * decode to TapeWriter.add, which stays the reference. It reads the JSON that servers and
 * JSON.stringify write: `CODE {` with nothing before the body and nothing after it, no white space, no
 * escapes in strings (except the `\"` that quote a message's inner `json`), strings of well-formed UTF-8,
 * integers of at most 15 digits (exact as doubles), no duplicate and no unknown keys (zod drops unknown
 * keys; declining them keeps this simple), and of message parts only text, person, hyperlink and command
 * (lists, conference links and file fields are declined). Within that, keys may come in any order, and
 * every value is checked as the schema checks it (lengths in code points, ranges, reaction content).
 * tests/protocol/tape-scan.test.ts compares it with decodeDownFrame on generated, real and hostile lines.
 *
 * Repeated short strings (guids, names, reactions) are found by their bytes among the batch's, so a
 * repeat makes no string at all. Pure: no I/O, no platform globals (the caller may pass a faster way to
 * turn bytes into text).
 */
import { REACTION_CONTENT } from '../entities';
import { MAX_FRAME_LENGTH } from './frame-codec';
import {
  ACK, ACK_N, CHANGE_SEQ, CHECK_NUMBER, COMMAND, CREATED, DEL, FROM, HAS_N, HYPERLINK, LAST_REPLY_TS, MSG, NULL, PERSON, REA,
  REPLY_TO, SCHEMAS_MATCH, SEQ, SILENT, TEXT, TYP, URGENT,
} from './tape';
import { IntBuffer, INTERN_UP_TO, type TapeWriter } from './tape-writer';

/** Thrown inside the scanner for anything it does not write; `add` catches it and declines the frame. */
const DECLINE = Symbol('decline');

/** Turns bytes[from, to) of well-formed UTF-8 (all ASCII when `ascii`) into a string. */
export type BytesToText = (bytes: Uint8Array, from: number, to: number, ascii: boolean) => string;

/** Slots of the scanner's byte-keyed string cache (a power of two). */
const SLOTS = 16_384;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const SPACE = 0x20;
const NEWLINE = 0x0a;
const CR = 0x0d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const DOT = 0x2e;
const DEL_CHAR = 0x7f;

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const keys = (...names: string[]): Uint8Array[] => names.map(ascii);

// Each object's keys, by position (the position is the key's number below).
const TYP_KEYS = keys('address', 'user_guid', 'first_name', 'last_name');
const ACK_KEYS = keys('check', 'n');
const REA_KEYS = keys('address', 'guid', 'reactions', 'change_seq', 'n');
const DEL_KEYS = keys('address', 'guid', 'from_guid', 'created', 'reply_to', 'change_seq', 'n');
const MSG_KEYS = keys('message', 'n');
const MESSAGE_KEYS = keys(
  'guid', 'address', 'created', 'from_guid', 'from_first_name', 'from_last_name', 'json', 'reply_to', 'is_urgent', 'flag',
  'disable_notification', 'reactions', 'client_guid', 'change_seq', 'reply_count', 'last_reply_ts',
);
const REACTION_KEYS = keys('target_user_guid', 'content');
const PART_KEYS = keys('type', 'text', 'user_guid', 'name', 'scope', 'url', 'code');
const PART_TYPES = keys('text', 'person', 'hyperlink', 'command');
const PERSON_SCOPES = keys('user', 'channel', 'all');
const NULL_BYTES = ascii('null');
const TRUE_BYTES = ascii('true');
const FALSE_BYTES = ascii('false');

// The message's keys by number.
const M_GUID = 0, M_ADDRESS = 1, M_CREATED = 2, M_FROM = 3, M_FIRST = 4, M_LAST = 5, M_JSON = 6, M_REPLY_TO = 7, M_URGENT = 8;
const M_FLAG = 9, M_SILENT = 10, M_REACTIONS = 11, M_CLIENT = 12, M_SEQ = 13, M_REPLY_COUNT = 14, M_LAST_REPLY = 15;
// A part's keys by number, and which each type may have (type always).
const P_TYPE = 0, P_TEXT = 1, P_USER = 2, P_NAME = 3, P_SCOPE = 4, P_URL = 5, P_CODE = 6;
const PART_ALLOWED = [
  (1 << P_TYPE) | (1 << P_TEXT), // text
  (1 << P_TYPE) | (1 << P_USER) | (1 << P_NAME) | (1 << P_SCOPE), // person
  (1 << P_TYPE) | (1 << P_URL) | (1 << P_TEXT), // hyperlink
  (1 << P_TYPE) | (1 << P_CODE) | (1 << P_TEXT), // command
];

/** The schemas' limits (protocol/entities.ts, frames/*.ts), in code points as zod counts. */
const GUID_MAX = 200;
const NAME_MAX = 200;
const CHECK_MAX = 100;
const CONTENT_MAX = 64;
const REACTIONS_MAX = 10_000;
const JSON_MAX = 200_000;
const PARTS_MAX = 1_000;
const TEXT_MAX = 40_000;
const LINK_MAX = 4_000;
const CODE_MAX = 100;

/**
 * Scans frame lines of one byte array onto one writer's batches. Made once per file: it remembers where
 * it saw each recent short string, to know a repeat by its bytes.
 */
export class TapeScanner {
  private readonly b: Uint8Array;
  private readonly text: BytesToText;
  /** Where the scan is, and the end of the frame's bytes. */
  private i = 0;
  private end = 0;
  // The last string scanned: its bytes [sFrom, sTo), and whether any is not ASCII.
  private sFrom = 0;
  private sTo = 0;
  private sWide = false;
  // The byte-keyed string cache: where a slot's string was seen, its length, its index in the batch's strings, and that batch.
  private readonly slotFrom = new Int32Array(SLOTS);
  private readonly slotLength = new Int32Array(SLOTS);
  private readonly slotIndex = new Int32Array(SLOTS);
  private readonly slotBatch = new Int32Array(SLOTS);
  // A message's reactions and parts, written after its strings and numbers.
  private readonly reactionOps = new IntBuffer();
  private readonly partOps = new IntBuffer();

  constructor(
    private readonly writer: TapeWriter,
    bytes: Uint8Array,
    text: BytesToText = decodeUtf8,
  ) {
    this.b = bytes;
    this.text = text;
  }

  /**
   * Writes the frame whose text is bytes[from, to) as frame line `line`; false, having written nothing, when
   * it declines (the caller then decodes the text and hands the decode to TapeWriter.add).
   */
  add(line: number, from: number, to: number): boolean {
    if (to > this.b.length) return false;
    return this.write(line, from, to, true) === to;
  }

  /**
   * Writes the frame whose text starts at `from` and ends its line, the line's end not known yet (so the
   * caller need not search for it): returns where the text ends — its line's newline, or the CR before
   * it — or -1, having written nothing, when it declines. Nothing is read at or past `limit`.
   */
  addLine(line: number, from: number, limit: number): number {
    return this.write(line, from, Math.min(limit, this.b.length), false);
  }

  /**
   * Writes the frame that starts at `from` and ends at `end` (`exact`), or else at its line's end before
   * `end`; returns where its text ends, or -1 having written nothing.
   */
  private write(line: number, from: number, end: number, exact: boolean): number {
    const b = this.b;
    if (!SCHEMAS_MATCH || end - from < 6 || b[from + 3] !== SPACE || b[from + 4] !== OPEN_BRACE) return -1;
    const w = this.writer;
    this.opsAt = w.ops.length;
    this.numsAt = w.nums.length;
    this.i = from + 4;
    this.end = end;
    try {
      const c0 = b[from]!, c1 = b[from + 1]!, c2 = b[from + 2]!;
      if (c0 === 0x54 && c1 === 0x59 && c2 === 0x50) this.typ();
      else if (c0 === 0x41 && c1 === 0x43 && c2 === 0x4b) this.ack();
      else if (c0 === 0x52 && c1 === 0x45 && c2 === 0x41) this.rea();
      else if (c0 === 0x44 && c1 === 0x45 && c2 === 0x4c) this.del();
      else if (c0 === 0x4d && c1 === 0x53 && c2 === 0x47) this.msg();
      else return -1;
      const at = this.i;
      // Nothing may follow the JSON on its line (JSON.parse allows white space there; that is left to it).
      if (exact ? at !== end : at >= end || (b[at] !== NEWLINE && (b[at] !== CR || at + 1 >= end || b[at + 1] !== NEWLINE))) throw DECLINE;
      // A text longer than decodeDownFrame reads is refused there (its UTF-16 length is at most its UTF-8 length).
      if (at - from > MAX_FRAME_LENGTH) throw DECLINE;
    } catch (error) {
      if (error !== DECLINE) throw error;
      return this.undo();
    }
    w.commit(line, this.opsAt, this.numsAt);
    return this.i;
  }

  /** Where the frame being written started, in ops and nums. */
  private opsAt = 0;
  private numsAt = 0;

  /** Takes back what the frame being written wrote (its strings stay: a string the batch holds unused does no harm); -1. */
  private undo(): number {
    const w = this.writer;
    w.ops.length = this.opsAt;
    w.nums.length = this.numsAt;
    return -1;
  }

  // ---- the frames -----------------------------------------------------------------------------

  /** TYP: { address, user_guid, first_name = '', last_name = '' }. */
  private typ(): void {
    let address = 0, user = 0, first = 0, last = 0;
    let seen = 0;
    this.open(OPEN_BRACE);
    if (!this.closes(CLOSE_BRACE)) {
      do {
        const k = this.key(TYP_KEYS);
        if (seen & (1 << k)) throw DECLINE;
        seen |= 1 << k;
        if (k <= 1) {
          const id = this.guid();
          if (k === 0) address = id;
          else user = id;
        } else {
          const id = this.stringUpTo(NAME_MAX);
          if (k === 2) first = id;
          else last = id;
        }
      } while (this.next(CLOSE_BRACE));
    }
    if ((seen & 3) !== 3) throw DECLINE;
    const w = this.writer;
    if (!(seen & 4)) first = w.stringIndex('');
    if (!(seen & 8)) last = w.stringIndex('');
    const ops = w.ops;
    ops.push(TYP);
    ops.push(address);
    ops.push(user);
    ops.push(first);
    ops.push(last);
  }

  /** ACK: { check: number or string of ≤ 100, n?: count }; not a numbered frame (its `n` is data). */
  private ack(): void {
    let check = 0, checkIsNumber = false, n = 0;
    let seen = 0;
    this.open(OPEN_BRACE);
    if (!this.closes(CLOSE_BRACE)) {
      do {
        const k = this.key(ACK_KEYS);
        if (seen & (1 << k)) throw DECLINE;
        seen |= 1 << k;
        if (k === 0) {
          if (this.b[this.i] === QUOTE) check = this.stringUpTo(CHECK_MAX);
          else {
            check = this.number();
            checkIsNumber = true;
          }
        } else n = this.count();
      } while (this.next(CLOSE_BRACE));
    }
    if (!(seen & 1)) throw DECLINE;
    const w = this.writer;
    let tag = ACK;
    if (checkIsNumber) {
      tag |= CHECK_NUMBER;
      w.nums.push(check);
    }
    w.ops.push(tag | (seen & 2 ? ACK_N : 0));
    if (!checkIsNumber) w.ops.push(check);
    if (seen & 2) w.nums.push(n);
  }

  /** REA: { address, guid, reactions, change_seq? }, numbered. */
  private rea(): void {
    let address = 0, guid = 0, count = 0, seq = 0, n = 0;
    let seen = 0;
    const reactions = this.reactionOps;
    reactions.length = 0;
    this.open(OPEN_BRACE);
    if (!this.closes(CLOSE_BRACE)) {
      do {
        const k = this.key(REA_KEYS);
        if (seen & (1 << k)) throw DECLINE;
        seen |= 1 << k;
        switch (k) {
          case 0:
            address = this.guid();
            break;
          case 1:
            guid = this.guid();
            break;
          case 2:
            count = this.reactions(reactions);
            break;
          case 3:
            seq = this.count();
            break;
          default:
            n = this.number();
        }
      } while (this.next(CLOSE_BRACE));
    }
    if ((seen & 7) !== 7) throw DECLINE;
    const w = this.writer;
    const hasN = seen & 16 && n > 0;
    if (hasN) w.nums.push(n);
    if (seen & 8) w.nums.push(seq);
    const ops = w.ops;
    ops.push(REA | (hasN ? HAS_N : 0) | (seen & 8 ? SEQ : 0));
    ops.push(address);
    ops.push(guid);
    ops.push(count);
    for (let r = 0; r < reactions.length; r++) ops.push(reactions.data[r]!);
  }

  /** DEL: { address, guid, from_guid?, created?, reply_to? (null too), change_seq? }, numbered. */
  private del(): void {
    let address = 0, guid = 0, from = 0, created = 0, replyTo = 0, seq = 0, n = 0;
    let seen = 0;
    this.open(OPEN_BRACE);
    if (!this.closes(CLOSE_BRACE)) {
      do {
        const k = this.key(DEL_KEYS);
        if (seen & (1 << k)) throw DECLINE;
        seen |= 1 << k;
        switch (k) {
          case 0:
            address = this.guid();
            break;
          case 1:
            guid = this.guid();
            break;
          case 2:
            from = this.guid();
            break;
          case 3:
            created = this.count();
            break;
          case 4:
            replyTo = this.literal(NULL_BYTES) ? NULL : this.guid();
            break;
          case 5:
            seq = this.count();
            break;
          default:
            n = this.number();
        }
      } while (this.next(CLOSE_BRACE));
    }
    if ((seen & 3) !== 3) throw DECLINE;
    const w = this.writer;
    const hasN = seen & 64 && n > 0;
    if (hasN) w.nums.push(n);
    if (seen & 8) w.nums.push(created);
    if (seen & 32) w.nums.push(seq);
    const ops = w.ops;
    ops.push(DEL | (hasN ? HAS_N : 0) | (seen & 4 ? FROM : 0) | (seen & 8 ? CREATED : 0) | (seen & 16 ? REPLY_TO : 0) | (seen & 32 ? SEQ : 0));
    ops.push(address);
    ops.push(guid);
    if (seen & 4) ops.push(from);
    if (seen & 16) ops.push(replyTo);
  }

  /** MSG: { message }, numbered. The message is written where it is met; `n`, wherever it is, goes first among the numbers. */
  private msg(): void {
    let seen = 0, n = 0;
    const w = this.writer;
    const numsAt = w.nums.length;
    // A place for n, taken back below if there is none (the message's numbers follow it).
    w.nums.push(0);
    let tag = MSG;
    this.open(OPEN_BRACE);
    if (!this.closes(CLOSE_BRACE)) {
      do {
        const k = this.key(MSG_KEYS);
        if (seen & (1 << k)) throw DECLINE;
        seen |= 1 << k;
        if (k === 0) tag |= this.message();
        else n = this.number();
      } while (this.next(CLOSE_BRACE));
    }
    if (!(seen & 1)) throw DECLINE;
    if (seen & 2 && n > 0) {
      tag |= HAS_N;
      w.nums.data[numsAt] = n;
    } else {
      w.nums.data.copyWithin(numsAt, numsAt + 1, w.nums.length);
      w.nums.length--;
    }
    w.ops.data[w.ops.length - this.messageOps] = tag;
  }

  /** How many ops the last message wrote, its tag included (msg() fills the tag in). */
  private messageOps = 0;

  /** A message (MessageWire, then its transform); writes it and returns its flags for the tag. */
  private message(): number {
    let guid = 0, address = 0, from = 0, first = -1, last = -1, replyTo = NULL, client = NULL;
    let created = 0, flag = 0, replyCount = 0, seq = 0, lastReply = 0;
    let reactionCount = 0, partCount = 0;
    let flags = 0;
    let seen = 0;
    const reactions = this.reactionOps;
    const parts = this.partOps;
    reactions.length = 0;
    parts.length = 0;
    this.open(OPEN_BRACE);
    if (!this.closes(CLOSE_BRACE)) {
      do {
        const k = this.key(MESSAGE_KEYS);
        if (seen & (1 << k)) throw DECLINE;
        seen |= 1 << k;
        switch (k) {
          case M_GUID:
            guid = this.guid();
            break;
          case M_ADDRESS:
            address = this.guid();
            break;
          case M_CREATED:
            created = this.count();
            break;
          case M_FROM:
            from = this.guid();
            break;
          case M_FIRST:
            first = this.stringUpTo(NAME_MAX);
            break;
          case M_LAST:
            last = this.stringUpTo(NAME_MAX);
            break;
          case M_JSON:
            partCount = this.parts(parts);
            break;
          case M_REPLY_TO:
            if (!this.literal(NULL_BYTES)) replyTo = this.guid();
            break;
          case M_URGENT:
            if (this.boolean()) flags |= URGENT;
            break;
          case M_FLAG:
            flag = this.number();
            if (flag < 0 || flag > 12) throw DECLINE;
            break;
          case M_SILENT:
            if (this.boolean()) flags |= SILENT;
            break;
          case M_REACTIONS:
            reactionCount = this.reactions(reactions);
            break;
          case M_CLIENT:
            if (!this.literal(NULL_BYTES)) client = this.guid();
            break;
          case M_SEQ:
            if (!this.literal(NULL_BYTES)) {
              seq = this.count();
              flags |= CHANGE_SEQ;
            }
            break;
          case M_REPLY_COUNT:
            replyCount = this.count();
            break;
          default:
            if (!this.literal(NULL_BYTES)) {
              lastReply = this.count();
              flags |= LAST_REPLY_TS;
            }
        }
      } while (this.next(CLOSE_BRACE));
    }
    const required = (1 << M_GUID) | (1 << M_ADDRESS) | (1 << M_CREATED) | (1 << M_FROM) | (1 << M_JSON);
    if ((seen & required) !== required) throw DECLINE;
    const w = this.writer;
    if (first < 0) first = w.stringIndex('');
    if (last < 0) last = w.stringIndex('');
    const ops = w.ops;
    const opsAt = ops.length;
    ops.push(0); // the frame's tag, filled in by msg()
    ops.push(guid);
    ops.push(address);
    ops.push(from);
    ops.push(first);
    ops.push(last);
    ops.push(replyTo);
    ops.push(client);
    const nums = w.nums;
    nums.push(created);
    nums.push(flag);
    nums.push(replyCount);
    if (flags & CHANGE_SEQ) nums.push(seq);
    if (flags & LAST_REPLY_TS) nums.push(lastReply);
    ops.push(reactionCount);
    for (let r = 0; r < reactions.length; r++) ops.push(reactions.data[r]!);
    ops.push(partCount);
    for (let p = 0; p < parts.length; p++) ops.push(parts.data[p]!);
    this.messageOps = ops.length - opsAt;
    return flags;
  }

  /** Reactions: [{ target_user_guid, content }, …] of at most 10,000; their two strings each into `into`; returns how many. */
  private reactions(into: IntBuffer): number {
    let count = 0;
    this.open(OPEN_BRACKET);
    if (this.closes(CLOSE_BRACKET)) return 0;
    do {
      let target = 0, content = 0, seen = 0;
      this.open(OPEN_BRACE);
      if (!this.closes(CLOSE_BRACE)) {
        do {
          const k = this.key(REACTION_KEYS);
          if (seen & (1 << k)) throw DECLINE;
          seen |= 1 << k;
          if (k === 0) target = this.guid();
          else content = this.content();
        } while (this.next(CLOSE_BRACE));
      }
      if (seen !== 3) throw DECLINE;
      into.push(target);
      into.push(content);
      count++;
    } while (this.next(CLOSE_BRACKET));
    if (count > REACTIONS_MAX) throw DECLINE;
    return count;
  }

  /**
   * A message's `json`: a string holding its parts as JSON, read in place — `"[{\"type\":\"text\",…}]"`,
   * the inner JSON's quotes escaped and nothing else escaped. Writes the parts into `into`; returns how many.
   */
  private parts(into: IntBuffer): number {
    const b = this.b;
    const start = this.i;
    this.open(QUOTE);
    this.open(OPEN_BRACKET);
    let count = 0;
    if (!this.closes(CLOSE_BRACKET)) {
      do {
        this.part(into);
        count++;
      } while (this.next(CLOSE_BRACKET));
    }
    if (b[this.i] !== QUOTE || count > PARTS_MAX) throw DECLINE;
    this.i++;
    // The text's length, in bytes, bounds its length in code points (which zod counts) from above.
    if (this.i - start - 2 > JSON_MAX) throw DECLINE;
    return count;
  }

  /** One part of a message's inner JSON: text, person, hyperlink or command, its keys in any order. */
  private part(into: IntBuffer): void {
    let type = -1, text = -1, user = 0, name = 0, scope = 0, url = 0, code = 0;
    let seen = 0;
    this.open(OPEN_BRACE);
    if (!this.closes(CLOSE_BRACE)) {
      do {
        const k = this.innerKey(PART_KEYS);
        if (seen & (1 << k)) throw DECLINE;
        seen |= 1 << k;
        // Every value a part of these types has is a string (checked below, once its type is known).
        const length = this.innerString();
        switch (k) {
          case P_TYPE:
            type = this.oneOf(PART_TYPES);
            break;
          case P_TEXT:
            text = this.textRef(length, seen, type);
            break;
          case P_USER:
            if (length < 1 || length > GUID_MAX) throw DECLINE;
            user = this.ref();
            break;
          case P_NAME:
            if (length > NAME_MAX) throw DECLINE;
            name = this.ref();
            break;
          case P_SCOPE:
            scope = this.oneOf(PERSON_SCOPES);
            break;
          case P_URL:
            if (length > LINK_MAX) throw DECLINE;
            url = this.ref();
            break;
          default:
            if (length > CODE_MAX) throw DECLINE;
            code = this.ref();
        }
      } while (this.next(CLOSE_BRACE));
    }
    if (type < 0 || (seen & ~PART_ALLOWED[type]!) !== 0) throw DECLINE;
    if (text === PENDING) text = this.pendingText(type);
    switch (type) {
      case 0:
        if (!(seen & (1 << P_TEXT))) throw DECLINE;
        into.push(TEXT);
        into.push(text);
        return;
      case 1:
        if ((seen & ((1 << P_USER) | (1 << P_NAME))) !== ((1 << P_USER) | (1 << P_NAME))) throw DECLINE;
        into.push(PERSON);
        into.push(user);
        into.push(name);
        into.push(seen & (1 << P_SCOPE) ? scope : 0);
        return;
      case 2:
        if (!(seen & (1 << P_URL))) throw DECLINE;
        into.push(HYPERLINK);
        into.push(url);
        into.push(seen & (1 << P_TEXT) ? text : UNDEFINED_TEXT);
        return;
      default:
        if (!(seen & (1 << P_CODE))) throw DECLINE;
        into.push(COMMAND);
        into.push(code);
        into.push(seen & (1 << P_TEXT) ? text : this.writer.stringIndex(''));
    }
  }

  /**
   * A part's `text`: its limit is 40,000 for a text part and 4,000 otherwise. When the type came first (as
   * JSON.stringify writes it), checks and writes it now; when not, keeps where it was and waits for the type.
   */
  private textRef(length: number, seen: number, type: number): number {
    if (!(seen & (1 << P_TYPE))) {
      this.pendingFrom = this.sFrom;
      this.pendingTo = this.sTo;
      this.pendingWide = this.sWide;
      this.pendingLength = length;
      return PENDING;
    }
    if (length > (type === 0 ? TEXT_MAX : LINK_MAX)) throw DECLINE;
    return this.ref();
  }

  private pendingFrom = 0;
  private pendingTo = 0;
  private pendingWide = false;
  private pendingLength = 0;

  /** The `text` that came before its part's type, now that the type is known. */
  private pendingText(type: number): number {
    if (this.pendingLength > (type === 0 ? TEXT_MAX : LINK_MAX)) throw DECLINE;
    this.sFrom = this.pendingFrom;
    this.sTo = this.pendingTo;
    this.sWide = this.pendingWide;
    return this.ref();
  }

  // ---- values -----------------------------------------------------------------------------------

  /** A guid: a string of 1 to 200 code points; its index in the batch's strings. */
  private guid(): number {
    const length = this.string();
    if (length < 1 || length > GUID_MAX) throw DECLINE;
    return this.ref();
  }

  /** A string of at most `max` code points; its index. */
  private stringUpTo(max: number): number {
    if (this.string() > max) throw DECLINE;
    return this.ref();
  }

  /** A reaction's content: 1 to 64 code points, no white space or control characters; its index. */
  private content(): number {
    const length = this.string();
    if (length < 1 || length > CONTENT_MAX) throw DECLINE;
    if (!this.sWide) {
      // ASCII: the control characters (below space) were refused by string(); space and DEL remain.
      for (let j = this.sFrom; j < this.sTo; j++) if (this.b[j] === SPACE || this.b[j] === DEL_CHAR) throw DECLINE;
      return this.ref();
    }
    const index = this.ref();
    if (!REACTION_CONTENT.test(this.writer.strings[index]!)) throw DECLINE;
    return index;
  }

  /**
   * A JSON string without escapes or control characters at the scan, of well-formed UTF-8; its bytes
   * go to sFrom/sTo/sWide (for `ref`), and its length in code points is returned.
   */
  private string(): number {
    const b = this.b;
    const end = this.end;
    let i = this.i;
    if (b[i] !== QUOTE) throw DECLINE;
    const from = ++i;
    let wide = 0;
    for (;;) {
      if (i >= end) throw DECLINE;
      const c = b[i]!;
      if (c === QUOTE) break;
      if (c === BACKSLASH || c < SPACE) throw DECLINE;
      wide |= c;
      i++;
    }
    this.i = i + 1;
    return this.took(from, i, wide >= 0x80);
  }

  /** A string inside a message's `json`: `\"`, bytes without backslash, quote or control character, `\"`. */
  private innerString(): number {
    const b = this.b;
    const end = this.end;
    let i = this.i;
    if (b[i] !== BACKSLASH || b[i + 1] !== QUOTE) throw DECLINE;
    i += 2;
    const from = i;
    let wide = 0;
    for (;;) {
      if (i >= end) throw DECLINE;
      const c = b[i]!;
      if (c === BACKSLASH) break;
      if (c === QUOTE || c < SPACE) throw DECLINE;
      wide |= c;
      i++;
    }
    if (b[i + 1] !== QUOTE) throw DECLINE;
    this.i = i + 2;
    return this.took(from, i, wide >= 0x80);
  }

  /** Notes the string at bytes [from, to) for `ref`; its length in code points (declined if it is not well-formed UTF-8). */
  private took(from: number, to: number, wide: boolean): number {
    this.sFrom = from;
    this.sTo = to;
    this.sWide = wide;
    if (!wide) return to - from;
    const length = utf8Length(this.b, from, to);
    if (length < 0) throw DECLINE;
    return length;
  }

  /** The last string's index among the batch's strings: a recent short one found by its bytes, else added. */
  private ref(): number {
    const b = this.b;
    const from = this.sFrom;
    const to = this.sTo;
    const length = to - from;
    const w = this.writer;
    if (length > INTERN_UP_TO) {
      // Long strings are message texts, which rarely repeat.
      w.strings.push(this.text(b, from, to, !this.sWide));
      return w.strings.length - 1;
    }
    let hash = length;
    for (let j = from; j < to; j++) hash = Math.imul(hash ^ b[j]!, 0x9e3779b1);
    const slot = (hash ^ (hash >>> 15)) & (SLOTS - 1);
    if (this.slotBatch[slot] === w.batchNumber && this.slotLength[slot] === length) {
      const seenAt = this.slotFrom[slot]!;
      let j = 0;
      while (j < length && b[seenAt + j] === b[from + j]) j++;
      if (j === length) return this.slotIndex[slot]!;
    }
    const index = w.strings.length;
    w.strings.push(this.text(b, from, to, !this.sWide));
    this.slotFrom[slot] = from;
    this.slotLength[slot] = length;
    this.slotIndex[slot] = index;
    this.slotBatch[slot] = w.batchNumber;
    return index;
  }

  /** Which of `choices` the last string is (its bytes exactly); declined if none. */
  private oneOf(choices: Uint8Array[]): number {
    const b = this.b;
    const from = this.sFrom;
    const length = this.sTo - from;
    for (let c = 0; c < choices.length; c++) {
      const choice = choices[c]!;
      if (choice.length !== length) continue;
      let j = 0;
      while (j < length && b[from + j] === choice[j]) j++;
      if (j === length) return c;
    }
    throw DECLINE;
  }

  /** A non-negative safe integer (z.number().int().nonnegative()); -0 is one, as JSON.parse reads it. */
  private count(): number {
    const v = this.number();
    if (v < 0) throw DECLINE;
    return v;
  }

  /**
   * A JSON number that is an integer of 1 to 15 digits (so exactly a double, and safe), with its sign:
   * `-0` is -0, as JSON.parse reads it. Fractions, exponents, leading zeros and longer ones are declined.
   */
  private number(): number {
    const b = this.b;
    const end = this.end;
    let i = this.i;
    const negative = b[i] === MINUS;
    if (negative) i++;
    const first = i;
    let v = 0;
    if (i < end && b[i] === ZERO) i++;
    else {
      while (i < end) {
        const c = b[i]!;
        if (c < ZERO || c > NINE) break;
        v = v * 10 + (c - ZERO);
        i++;
      }
    }
    const digits = i - first;
    if (digits === 0 || digits > 15) throw DECLINE;
    if (i < end) {
      const c = b[i]!;
      if ((c >= ZERO && c <= NINE) || c === DOT || c === 0x65 || c === 0x45) throw DECLINE;
    }
    this.i = i;
    return negative ? -v : v;
  }

  /** `true` or `false`. */
  private boolean(): boolean {
    if (this.literal(TRUE_BYTES)) return true;
    if (this.literal(FALSE_BYTES)) return false;
    throw DECLINE;
  }

  /** Whether `word` (null, true, false) is at the scan; steps over it if so. What follows it is checked by the caller. */
  private literal(word: Uint8Array): boolean {
    const b = this.b;
    const i = this.i;
    if (i + word.length > this.end) return false;
    for (let j = 0; j < word.length; j++) if (b[i + j] !== word[j]) return false;
    this.i = i + word.length;
    return true;
  }

  // ---- structure --------------------------------------------------------------------------------

  /** Steps over `c`, which must be there. */
  private open(c: number): void {
    if (this.b[this.i] !== c) throw DECLINE;
    this.i++;
  }

  /** Whether the object or array closes at once (`close` is there): steps over it if so. */
  private closes(close: number): boolean {
    if (this.b[this.i] !== close) return false;
    this.i++;
    return true;
  }

  /** After a value: true at a comma (another member follows), false at `close` (stepped over); declined otherwise. */
  private next(close: number): boolean {
    const c = this.b[this.i];
    this.i++;
    if (c === COMMA) return true;
    if (c === close) return false;
    throw DECLINE;
  }

  /** A key and its colon; its number in `table` (declined if it is not there, or has an escape). */
  private key(table: Uint8Array[]): number {
    const b = this.b;
    const end = this.end;
    let i = this.i;
    if (b[i] !== QUOTE) throw DECLINE;
    const from = ++i;
    while (i < end && b[i] !== QUOTE && b[i]! >= SPACE) i++;
    if (i >= end || b[i] !== QUOTE || b[i + 1] !== COLON) throw DECLINE;
    this.i = i + 2;
    return find(b, from, i - from, table);
  }

  /** A key inside a message's `json` (`\"type\":`); its number in `table`. */
  private innerKey(table: Uint8Array[]): number {
    const b = this.b;
    const end = this.end;
    let i = this.i;
    if (b[i] !== BACKSLASH || b[i + 1] !== QUOTE) throw DECLINE;
    i += 2;
    const from = i;
    while (i < end && b[i] !== BACKSLASH && b[i]! >= SPACE) i++;
    if (i >= end || b[i] !== BACKSLASH || b[i + 1] !== QUOTE || b[i + 2] !== COLON) throw DECLINE;
    this.i = i + 3;
    return find(b, from, i - from, table);
  }
}

/** A part's text met before its type (see textRef). */
const PENDING = -3;
/** A hyperlink without text (the tape's UNDEFINED). */
const UNDEFINED_TEXT = -2;

/** The number of the key at bytes [from, from + length) in `table`; declined if it is none of them. */
function find(b: Uint8Array, from: number, length: number, table: Uint8Array[]): number {
  for (let k = 0; k < table.length; k++) {
    const key = table[k]!;
    if (key.length !== length) continue;
    let j = 0;
    while (j < length && b[from + j] === key[j]) j++;
    if (j === length) return k;
  }
  throw DECLINE;
}

/**
 * The length in code points of bytes [from, to) if they are well-formed UTF-8 (no overlong forms, no
 * surrogates, nothing past U+10FFFF, no sequence cut short), else -1. Well-formed, every decoder reads them
 * alike; malformed ones, which decoders replace in their own ways, are left to the usual path.
 */
export function utf8Length(b: Uint8Array, from: number, to: number): number {
  let count = 0;
  let i = from;
  while (i < to) {
    const c = b[i]!;
    count++;
    if (c < 0x80) {
      i++;
      continue;
    }
    let more: number, low = 0x80, high = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) more = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      more = 2;
      if (c === 0xe0) low = 0xa0;
      else if (c === 0xed) high = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      more = 3;
      if (c === 0xf0) low = 0x90;
      else if (c === 0xf4) high = 0x8f;
    } else return -1;
    if (i + more >= to) return -1;
    const second = b[i + 1]!;
    if (second < low || second > high) return -1;
    for (let j = 2; j <= more; j++) if ((b[i + j]! & 0xc0) !== 0x80) return -1;
    i += more + 1;
  }
  return count;
}

/** BytesToText in plain JavaScript, for well-formed UTF-8 (see utf8Length). */
export function decodeUtf8(b: Uint8Array, from: number, to: number, asciiOnly: boolean): string {
  const units: number[] = [];
  let text = '';
  for (let i = from; i < to; ) {
    const c = b[i]!;
    if (asciiOnly || c < 0x80) {
      units.push(c);
      i++;
    } else if (c < 0xe0) {
      units.push(((c & 0x1f) << 6) | (b[i + 1]! & 0x3f));
      i += 2;
    } else if (c < 0xf0) {
      units.push(((c & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f));
      i += 3;
    } else {
      const point = ((c & 0x07) << 18) | ((b[i + 1]! & 0x3f) << 12) | ((b[i + 2]! & 0x3f) << 6) | (b[i + 3]! & 0x3f);
      units.push(0xd800 + ((point - 0x10000) >> 10), 0xdc00 + ((point - 0x10000) & 0x3ff));
      i += 4;
    }
    // In pieces: a call takes a limited number of arguments.
    if (units.length >= 4_096) {
      text += String.fromCharCode(...units);
      units.length = 0;
    }
  }
  return text + String.fromCharCode(...units);
}
