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
import { MAX_FRAME_LENGTH } from './frame-codec';
import { ACK, ACK_N, CHECK_NUMBER, CREATED, DEL, FROM, HAS_N, MSG, NULL, REA, REPLY_TO, SCHEMAS_MATCH, SEQ, TYP } from './tape';
import { CLOSE_BRACE, DECLINE, keys, NAME_MAX, NULL_BYTES, OPEN_BRACE, QUOTE, SPACE, type BytesToText } from './tape-scan-bytes';
import { MessageScanner } from './tape-scan-message';
import type { TapeWriter } from './tape-writer';

// Each frame's keys, by number (its place in the list).
const TYP_KEYS = keys('address', 'user_guid', 'first_name', 'last_name');
const ACK_KEYS = keys('check', 'n');
const REA_KEYS = keys('address', 'guid', 'reactions', 'change_seq', 'n');
const DEL_KEYS = keys('address', 'guid', 'from_guid', 'created', 'reply_to', 'change_seq', 'n');
const MSG_KEYS = keys('message', 'n');

const NEWLINE = 0x0a;
const CR = 0x0d;
/** ACK's and CHK's `check` as a string: at most 100 code points. */
const CHECK_MAX = 100;

/**
 * Scans frame lines of one byte array onto one writer's batches. Made once per file: it remembers where
 * it saw each recent short string, to know a repeat by its bytes.
 */
export class TapeScanner extends MessageScanner {
  /** @param text how to turn the bytes of a string into text (Node's Buffer is quicker than plain JavaScript) */
  constructor(writer: TapeWriter, bytes: Uint8Array, text?: BytesToText) {
    super(writer, bytes, text);
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
}
