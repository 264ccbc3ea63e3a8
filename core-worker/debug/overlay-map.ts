/**
 * A Map that reads through to a base Map it never changes: how the debugger's
 * timeline copies a checkpoint's message store on write without copying its
 * thousands of entries. Writes and deletions are kept in the overlay. A fork
 * copies only those and keeps the depth; a layer copies nothing and goes one
 * deeper; a collapse merges a depth-2 overlay into one level over its base's
 * base (or flattens it into a fresh base once it holds a good part of it).
 * Which to use when is the timeline's choice (timeline.ts copyForWrite).
 *
 * A deletion is an entry of the overlay's own map too (GONE), so a read asks
 * one map per level: the folds read far more than they write, and every
 * lookup in a large map is a likely cache miss.
 *
 * It is a Map to everything that uses one — folds, views, canonical JSON and
 * hashes — except for iteration order: the base's keys come first, then the
 * added ones. Nothing reads a message store's `byGuid` in order (its canonical
 * forms sort the keys, and display order is the store's `order`).
 */

/** A key of the base deleted here. */
const GONE: unique symbol = Symbol('gone');
/** `undefined` set as a value here (so that an own entry is never undefined: a miss is one lookup). */
const UNDEFINED: unique symbol = Symbol('undefined');
type Own<V> = V | typeof GONE | typeof UNDEFINED;

const ownValue = <V>(value: V): Own<V> => (value === undefined ? UNDEFINED : value);
const fromOwn = <V>(own: Own<V>): V | undefined => (own === UNDEFINED || own === GONE ? undefined : own);

/** Whether a plain map below an overlay has only string keys, once asked. */
const stringKeyedBases = new WeakMap<ReadonlyMap<unknown, unknown>, boolean>();

export class OverlayMap<K, V> extends Map<K, V> {
  private readonly base: ReadonlyMap<K, V>;
  private readonly own: Map<K, Own<V>>;
  private count: number;

  constructor(base: ReadonlyMap<K, V>, own: Map<K, Own<V>> = new Map(), count = base.size) {
    super();
    this.base = base;
    this.own = own;
    this.count = count;
  }

  /** 1 over a plain Map, 2 over an overlay over a plain Map. */
  get depth(): number {
    return this.base instanceof OverlayMap ? this.base.depth + 1 : 1;
  }

  /** How many entries (writes and deletions) this level holds itself. */
  get ownSize(): number {
    return this.own.size;
  }

  /**
   * The keys whose entries may differ between this map and `other` when one is an overlay on the other
   * or both are on the same base (what their own levels hold), or null when they are not so related.
   */
  keysDifferingFrom(other: ReadonlyMap<K, V>): K[] | null {
    if (this.base === other) return [...this.own.keys()];
    if (!(other instanceof OverlayMap)) return null;
    if (other.base === this) return [...other.own.keys()];
    if (other.base !== this.base) return null;
    const keys = [...this.own.keys()];
    for (const key of other.own.keys()) if (!this.own.has(key)) keys.push(key);
    return keys;
  }

  /** Whether every key is a string: those of each level, and of the plain map at the bottom (which never changes: asked once). */
  stringKeyed(): boolean {
    for (const key of this.own.keys()) if (typeof key !== 'string') return false;
    if (this.base instanceof OverlayMap) return this.base.stringKeyed();
    let known = stringKeyedBases.get(this.base);
    if (known === undefined) {
      known = true;
      for (const key of this.base.keys()) if (typeof key !== 'string') known = false;
      stringKeyedBases.set(this.base, known);
    }
    return known;
  }

  /** An independent copy of the same depth: it shares the base and copies what this overlay holds. */
  fork(): OverlayMap<K, V> {
    return new OverlayMap(this.base, new Map(this.own), this.count);
  }

  /** An independent copy one level deeper that copies nothing: this overlay must not change any more. */
  layer(): OverlayMap<K, V> {
    return new OverlayMap(this, new Map(), this.count);
  }

  /**
   * An independent copy one level over the plain base below: this overlay's and the levels' between
   * entries merged (copies), or everything flattened into a new plain base (an empty overlay over it)
   * once those are a good part of it — about when copying them again each time costs more than
   * copying the base once: √(32 × base size) entries, taken as 32 + a quarter of it.
   */
  collapse(): OverlayMap<K, V> {
    const levels: OverlayMap<K, V>[] = [];
    let base: ReadonlyMap<K, V> = this;
    while (base instanceof OverlayMap) {
      levels.unshift(base);
      base = base.base;
    }
    const own = new Map<K, Own<V>>();
    for (const level of levels) {
      for (const [key, value] of level.own) {
        if (value === GONE && !base.has(key)) own.delete(key);
        else own.set(key, value);
      }
    }
    if (own.size > 32 + (base.size >> 2)) return new OverlayMap(new Map(this));
    return new OverlayMap(base, own, this.count);
  }

  override get size(): number {
    return this.count;
  }

  override get(key: K): V | undefined {
    const own = this.own.get(key);
    return own === undefined ? this.base.get(key) : fromOwn(own);
  }

  override has(key: K): boolean {
    const own = this.own.get(key);
    return own === undefined ? this.base.has(key) : own !== GONE;
  }

  override set(key: K, value: V): this {
    const own = this.own.get(key);
    if (own === undefined ? !this.base.has(key) : own === GONE) this.count++;
    this.own.set(key, ownValue(value));
    return this;
  }

  override delete(key: K): boolean {
    const own = this.own.get(key);
    if (own === GONE || (own === undefined && !this.base.has(key))) return false;
    this.count--;
    if (this.base.has(key)) this.own.set(key, GONE);
    else this.own.delete(key);
    return true;
  }

  override clear(): void {
    this.own.clear();
    for (const key of this.base.keys()) this.own.set(key, GONE);
    this.count = 0;
  }

  override *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.base) if (!this.own.has(key)) yield [key, value];
    for (const [key, own] of this.own) if (own !== GONE) yield [key, fromOwn(own) as V];
  }

  override *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  override *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  override forEach(fn: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) fn.call(thisArg, value, key, this);
  }
}

/** Items in the order of their canonical form (a Set's is its items as strings, sorted). */
const byText = (a: unknown, b: unknown): number => {
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The sorted items of plain sets that are some overlay's base, which never changes: sorted once, merged
 * from then on. Only plain bases are kept (a few, each shared by many checkpoints until the next
 * flattening); an overlay below another is merged again each time, its own items being few.
 */
const sortedBases = new WeakMap<ReadonlySet<unknown>, readonly unknown[]>();

function sortedBase<T>(base: ReadonlySet<T>): readonly T[] {
  if (base instanceof OverlaySet) return base.sortedItems();
  let sorted = sortedBases.get(base) as readonly T[] | undefined;
  if (!sorted) {
    sorted = [...base].sort(byText);
    sortedBases.set(base, sorted);
  }
  return sorted;
}

/** The first index in sorted items whose canonical string does not sort before `text`. */
function lowerBound(sorted: readonly unknown[], text: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (String(sorted[mid]) < text) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * How many items of `set` sort before `text` in canonical order: an overlay, or a plain set that is some
 * overlay's base (it never changes, so its sorted items are kept).
 */
export function rankIn(set: ReadonlySet<unknown>, text: string): number {
  return set instanceof OverlaySet ? set.rankBelow(text) : lowerBound(sortedBase(set), text);
}

/** Up to `count` items of `set` in canonical order from the first that does not sort before `text` (`set` as for rankIn). */
export function itemsIn<T>(set: ReadonlySet<T>, text: string, count: number): T[] {
  if (set instanceof OverlaySet) return set.itemsFrom(text, count);
  const sorted = sortedBase(set);
  const from = lowerBound(sorted, text);
  return sorted.slice(from, from + count);
}

/**
 * Sorts, once, the plain set at the bottom of `set` (which never changes once something is layered on it,
 * and which a checkpoint's overlays share), so that the first diff over it does not pay for the sort.
 */
export function presort(set: ReadonlySet<unknown>): void {
  let bottom = set;
  while (bottom instanceof OverlaySet) bottom = bottom.baseSet;
  sortedBase(bottom);
}

/**
 * A Set's canonical form — its items as strings, sorted (projections/canonical.ts) — without sorting a
 * large overlay whole: its base's sorted items are kept, and merged with what the overlay changed.
 */
export function canonicalItems(set: ReadonlySet<unknown>): string[] {
  return (set instanceof OverlaySet ? set.sortedItems() : [...set].sort(byText)).map(String);
}

/**
 * The same for a Set (the messages' tombstones): additions and deletions over a base it never changes,
 * in one map: true for an item added here, false for an item of the base deleted here.
 */
export class OverlaySet<T> extends Set<T> {
  private readonly base: ReadonlySet<T>;
  private readonly own: Map<T, boolean>;
  private count: number;

  constructor(base: ReadonlySet<T>, own: Map<T, boolean> = new Map(), count = base.size) {
    super();
    this.base = base;
    this.own = own;
    this.count = count;
  }

  get depth(): number {
    return this.base instanceof OverlaySet ? this.base.depth + 1 : 1;
  }

  /** The set this overlay reads through to. */
  get baseSet(): ReadonlySet<T> {
    return this.base;
  }

  fork(): OverlaySet<T> {
    if (this.own.size > 64 + (this.base.size >> 2)) return new OverlaySet(new Set(this));
    return new OverlaySet(this.base, new Map(this.own), this.count);
  }

  layer(): OverlaySet<T> {
    return new OverlaySet(this, new Map(), this.count);
  }

  /** The items whose membership differs between this set and `other` when one is an overlay on the other or both are on the same base; else null. */
  itemsDifferingFrom(other: ReadonlySet<T>): T[] | null {
    if (this.base === other) return [...this.own.keys()];
    if (!(other instanceof OverlaySet)) return null;
    if (other.base === this) return [...other.own.keys()];
    if (other.base !== this.base) return null;
    const items = new Set([...this.own.keys(), ...other.own.keys()]);
    return [...items].filter((item) => this.has(item) !== other.has(item));
  }

  /** How many items sort before `text` in canonical order (this overlay's base never changes, so its sorted items are kept). */
  rankBelow(text: string): number {
    let rank = rankIn(this.base, text);
    for (const [item, added] of this.own) if (String(item) < text) rank += added ? 1 : -1;
    return rank;
  }

  /** Up to `count` items in canonical order from the first that does not sort before `text`. */
  itemsFrom(text: string, count: number): T[] {
    const added: T[] = [];
    let gone = 0;
    for (const [item, isAdded] of this.own) {
      if (String(item) < text) continue;
      if (isAdded) added.push(item);
      else gone++;
    }
    added.sort(byText);
    const out: T[] = [];
    let j = 0;
    for (const item of itemsIn(this.base, text, count + gone)) {
      if (this.own.get(item) === false) continue;
      while (j < added.length && byText(added[j], item) < 0) out.push(added[j++]!);
      out.push(item);
      if (out.length >= count) return out.slice(0, count);
    }
    while (j < added.length && out.length < count) out.push(added[j++]!);
    return out.slice(0, count);
  }

  /** The items in canonical order: the base's (sorted once) without those deleted here, merged with those added here. */
  sortedItems(): T[] {
    const base = sortedBase(this.base);
    const own: T[] = [];
    for (const [item, added] of this.own) if (added) own.push(item);
    own.sort(byText);
    const out: T[] = [];
    let j = 0;
    for (const item of base) {
      if (this.own.get(item) === false) continue;
      while (j < own.length && byText(own[j], item) < 0) out.push(own[j++]!);
      out.push(item);
    }
    while (j < own.length) out.push(own[j++]!);
    return out;
  }

  override get size(): number {
    return this.count;
  }

  override has(value: T): boolean {
    return this.own.get(value) ?? this.base.has(value);
  }

  override add(value: T): this {
    const own = this.own.get(value);
    if (own === true || (own === undefined && this.base.has(value))) return this;
    this.count++;
    // Deleted here from the base: it is the base's again. Otherwise it is this overlay's own.
    if (own === false) this.own.delete(value);
    else this.own.set(value, true);
    return this;
  }

  override delete(value: T): boolean {
    const own = this.own.get(value);
    if (own === false || (own === undefined && !this.base.has(value))) return false;
    this.count--;
    if (own === true) this.own.delete(value);
    else this.own.set(value, false);
    return true;
  }

  override clear(): void {
    this.own.clear();
    for (const value of this.base) this.own.set(value, false);
    this.count = 0;
  }

  override *values(): SetIterator<T> {
    for (const value of this.base) if (this.own.get(value) !== false) yield value;
    for (const [value, added] of this.own) if (added) yield value;
  }

  override keys(): SetIterator<T> {
    return this.values();
  }

  override *entries(): SetIterator<[T, T]> {
    for (const value of this.values()) yield [value, value];
  }

  override [Symbol.iterator](): SetIterator<T> {
    return this.values();
  }

  override forEach(fn: (value: T, key: T, set: Set<T>) => void, thisArg?: unknown): void {
    for (const value of this.values()) fn.call(thisArg, value, value, this);
  }
}
