/**
 * The two 64-bit hashes of a session file's digests and footer (docs/session-format.md "The hash"), over a
 * text's UTF-16 code units: FNV-1a 64 (format versions 1 and 2) and cyrb64 (from version 3), each as a
 * running hash (`StreamHash`) and as a function of one string. Pure and dependency-free, so that reading a
 * session file (protocol/session-file.ts: a footer's hash is checked against its projections' hashes)
 * and hashing projection state (projections/hash.ts, which adds the walk over canonical JSON) use the same.
 */

/** The 64-bit hashes a session's digests and footer are computed with. */
export type HashName = 'fnv1a64' | 'cyrb64';

/** "00" … "ff": a digest per replayed input is formatted, and Number#toString(16) is slow at that rate. */
const HEX_BYTE = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const hex32 = (v: number): string => HEX_BYTE[v >>> 24]! + HEX_BYTE[(v >>> 16) & 0xff]! + HEX_BYTE[(v >>> 8) & 0xff]! + HEX_BYTE[v & 0xff]!;

/** A running 64-bit hash over UTF-16 code units. */
export interface StreamHash {
  /** Feeds a string's code units as they are. */
  text(s: string): void;
  /** Feeds one code unit. */
  code(c: number): void;
  /** Feeds `JSON.stringify(s)`: quoted, escaped where JSON escapes (quote, backslash, controls, lone surrogates). */
  jsonString(s: string): void;
  /** The hash of what was fed so far, as 16 hex digits (feeding may go on). */
  hex(): string;
}

// ---- FNV-1a 64 (format versions 1 and 2) ------------------------------------

const OFFSET = [0x2325, 0x8422, 0x9ce4, 0xcbf2] as const;

/**
 * FNV-1a 64 over UTF-16 code units. The 64-bit state is four 16-bit limbs so every
 * step stays in small-integer arithmetic: multiplying by the prime 0x100000001b3 =
 * 2^40 + 0x1b3 is limb × 0x1b3 plus limbs 0–1 shifted into limbs 2–3.
 */
export class Fnv64 implements StreamHash {
  private h0: number = OFFSET[0];
  private h1: number = OFFSET[1];
  private h2: number = OFFSET[2];
  private h3: number = OFFSET[3];

  text(s: string): void {
    let h0 = this.h0;
    let h1 = this.h1;
    let h2 = this.h2;
    let h3 = this.h3;
    for (let i = 0; i < s.length; i++) {
      h0 ^= s.charCodeAt(i);
      const t0 = h0 * 0x1b3;
      const t1 = h1 * 0x1b3 + (t0 >>> 16);
      const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
      h3 = (h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16)) & 0xffff;
      h0 = t0 & 0xffff;
      h1 = t1 & 0xffff;
      h2 = t2 & 0xffff;
    }
    this.h0 = h0;
    this.h1 = h1;
    this.h2 = h2;
    this.h3 = h3;
  }

  code(c: number): void {
    const h0 = this.h0 ^ c;
    const t0 = h0 * 0x1b3;
    const t1 = this.h1 * 0x1b3 + (t0 >>> 16);
    const t2 = this.h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
    this.h3 = (this.h3 * 0x1b3 + (this.h1 << 8) + (t2 >>> 16)) & 0xffff;
    this.h0 = t0 & 0xffff;
    this.h1 = t1 & 0xffff;
    this.h2 = t2 & 0xffff;
  }

  jsonString(s: string): void {
    this.code(0x22);
    let h0 = this.h0;
    let h1 = this.h1;
    let h2 = this.h2;
    let h3 = this.h3;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) {
        if (c !== 0x22 && c !== 0x5c) {
          this.h0 = h0;
          this.h1 = h1;
          this.h2 = h2;
          this.h3 = h3;
          return this.text(escapedRest(s, i));
        }
        // The backslash before a quote or backslash.
        h0 ^= 0x5c;
        const t0 = h0 * 0x1b3;
        const t1 = h1 * 0x1b3 + (t0 >>> 16);
        const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
        h3 = (h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16)) & 0xffff;
        h0 = t0 & 0xffff;
        h1 = t1 & 0xffff;
        h2 = t2 & 0xffff;
      }
      h0 ^= c;
      const t0 = h0 * 0x1b3;
      const t1 = h1 * 0x1b3 + (t0 >>> 16);
      const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
      h3 = (h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16)) & 0xffff;
      h0 = t0 & 0xffff;
      h1 = t1 & 0xffff;
      h2 = t2 & 0xffff;
    }
    this.h0 = h0;
    this.h1 = h1;
    this.h2 = h2;
    this.h3 = h3;
    this.code(0x22);
  }

  hex(): string {
    const limb = (v: number): string => HEX_BYTE[v >>> 8]! + HEX_BYTE[v & 0xff]!;
    return limb(this.h3) + limb(this.h2) + limb(this.h1) + limb(this.h0);
  }
}

/**
 * `JSON.stringify(s)` from index i on, closing quote included, for a control or surrogate at i (rare).
 * Nothing before i is a surrogate, so no pair is cut, and nothing before i but a quote or backslash is escaped.
 */
function escapedRest(s: string, i: number): string {
  return JSON.stringify(s.slice(i)).slice(1);
}

// ---- cyrb64 (format version 3) -------------------------------------------------

/** cyrb53's multipliers (per code unit, lanes a and b) and finalizer constants, as int32 for Math.imul. */
const MA = 0x9e3779b1 | 0; // 2654435761
const MB = 0x5f356495 | 0; // 1597334677
const F1 = 0x85ebca6b | 0; // 2246822507
const F2 = 0xc2b2ae35 | 0; // 3266489909

/**
 * cyrb53 (bryc, public domain: two independent 32-bit multiply lanes over the UTF-16
 * code units, mixed together at the end) with all 64 bits of both lanes kept: the low
 * 53 bits equal cyrb53(text, 0). Per code unit c: a = imul(a ^ c, 0x9e3779b1),
 * b = imul(b ^ c, 0x5f356495), from a = 0xdeadbeef, b = 0x41c6ce57.
 */
export class Cyrb64 implements StreamHash {
  private a = 0xdeadbeef | 0;
  private b = 0x41c6ce57;

  text(s: string): void {
    let a = this.a;
    let b = this.b;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, MA);
      b = Math.imul(b ^ c, MB);
    }
    this.a = a;
    this.b = b;
  }

  code(c: number): void {
    this.a = Math.imul(this.a ^ c, MA);
    this.b = Math.imul(this.b ^ c, MB);
  }

  jsonString(s: string): void {
    let a = Math.imul(this.a ^ 0x22, MA);
    let b = Math.imul(this.b ^ 0x22, MB);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) {
        if (c !== 0x22 && c !== 0x5c) {
          this.a = a;
          this.b = b;
          return this.text(escapedRest(s, i));
        }
        a = Math.imul(a ^ 0x5c, MA);
        b = Math.imul(b ^ 0x5c, MB);
      }
      a = Math.imul(a ^ c, MA);
      b = Math.imul(b ^ c, MB);
    }
    this.a = Math.imul(a ^ 0x22, MA);
    this.b = Math.imul(b ^ 0x22, MB);
  }

  hex(): string {
    const a = Math.imul(this.a ^ (this.a >>> 16), F1) ^ Math.imul(this.b ^ (this.b >>> 13), F2);
    const b = Math.imul(this.b ^ (this.b >>> 16), F1) ^ Math.imul(a ^ (a >>> 13), F2);
    return hex32(b) + hex32(a);
  }
}

/** A new running hash of the given kind. */
export function createHash(name: HashName): StreamHash {
  return name === 'cyrb64' ? new Cyrb64() : new Fnv64();
}

/** FNV-1a 64 of a string's UTF-16 code units, as 16 hex digits. */
export function fnv1a64(text: string): string {
  const h = new Fnv64();
  h.text(text);
  return h.hex();
}

/** cyrb64 of a string's UTF-16 code units, as 16 hex digits. */
export function cyrb64(text: string): string {
  const h = new Cyrb64();
  h.text(text);
  return h.hex();
}

/** The named hash of a string, as 16 hex digits (an input's event digest is this of the events' JSON). */
export function hashText(text: string, name: HashName): string {
  return name === 'cyrb64' ? cyrb64(text) : fnv1a64(text);
}
