/**
 * The frame tape scanner's reading of a message (tape-scan.ts has the whole story): MessageWire's fields in
 * any order, defaults filled, and its `json` — the parts as JSON inside a JSON string — read in place, the
 * inner quotes escaped and nothing else; text, person, hyperlink and command parts. Reactions too (REA's).
 * Pure: no I/O, no platform globals.
 */
import { CHANGE_SEQ, COMMAND, HYPERLINK, LAST_REPLY_TS, NULL, PERSON, SILENT, TEXT, URGENT } from './tape';
import {
  BACKSLASH, ByteScanner, CLOSE_BRACE, CLOSE_BRACKET, DECLINE, GUID_MAX, keys, NAME_MAX, NULL_BYTES, OPEN_BRACE, OPEN_BRACKET, QUOTE,
} from './tape-scan-bytes';
import { IntBuffer } from './tape-writer';

// A message's keys, by number (its place in the list), and a reaction's and a part's.
const MESSAGE_KEYS = keys(
  'guid', 'address', 'created', 'from_guid', 'from_first_name', 'from_last_name', 'json', 'reply_to', 'is_urgent', 'flag',
  'disable_notification', 'reactions', 'client_guid', 'change_seq', 'reply_count', 'last_reply_ts',
);
const REACTION_KEYS = keys('target_user_guid', 'content');
const PART_KEYS = keys('type', 'text', 'user_guid', 'name', 'scope', 'url', 'code');
const PART_TYPES = keys('text', 'person', 'hyperlink', 'command');
const PERSON_SCOPES = keys('user', 'channel', 'all');

const M_GUID = 0, M_ADDRESS = 1, M_CREATED = 2, M_FROM = 3, M_FIRST = 4, M_LAST = 5, M_JSON = 6, M_REPLY_TO = 7, M_URGENT = 8;
const M_FLAG = 9, M_SILENT = 10, M_REACTIONS = 11, M_CLIENT = 12, M_SEQ = 13, M_REPLY_COUNT = 14;
const P_TYPE = 0, P_TEXT = 1, P_USER = 2, P_NAME = 3, P_SCOPE = 4, P_URL = 5, P_CODE = 6;
/** The keys each part type may have (type always). */
const PART_ALLOWED = [
  (1 << P_TYPE) | (1 << P_TEXT), // text
  (1 << P_TYPE) | (1 << P_USER) | (1 << P_NAME) | (1 << P_SCOPE), // person
  (1 << P_TYPE) | (1 << P_URL) | (1 << P_TEXT), // hyperlink
  (1 << P_TYPE) | (1 << P_CODE) | (1 << P_TEXT), // command
];

/** The schemas' limits (protocol/entities.ts), in code points as zod counts. */
const REACTIONS_MAX = 10_000;
const JSON_MAX = 200_000;
const PARTS_MAX = 1_000;
const TEXT_MAX = 40_000;
const LINK_MAX = 4_000;
const CODE_MAX = 100;

/** A part's text met before its type (see textRef). */
const PENDING = -3;
/** A hyperlink without text (the tape's UNDEFINED). */
const UNDEFINED_TEXT = -2;

/** Reads messages and reactions onto the tape; TapeScanner (tape-scan.ts) reads the frames around them. */
export class MessageScanner extends ByteScanner {
  // A message's reactions and parts, written after its strings and numbers.
  protected readonly reactionOps = new IntBuffer();
  protected readonly partOps = new IntBuffer();
  /** How many ops the last message wrote, its tag included (TapeScanner.msg fills the tag in). */
  protected messageOps = 0;

  /** A message (MessageWire, then its transform); writes it and returns its flags for the tag. */
  protected message(): number {
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
  protected reactions(into: IntBuffer): number {
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
  protected parts(into: IntBuffer): number {
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
  protected part(into: IntBuffer): void {
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
  protected textRef(length: number, seen: number, type: number): number {
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

  protected pendingFrom = 0;
  protected pendingTo = 0;
  protected pendingWide = false;
  protected pendingLength = 0;

  /** The `text` that came before its part's type, now that the type is known. */
  protected pendingText(type: number): number {
    if (this.pendingLength > (type === 0 ? TEXT_MAX : LINK_MAX)) throw DECLINE;
    this.sFrom = this.pendingFrom;
    this.sTo = this.pendingTo;
    this.sWide = this.pendingWide;
    return this.ref();
  }
}
