/**
 * A Map that reads through to a base Map it never changes: how the debugger's
 * timeline copies a checkpoint's message store on write without copying its
 * thousands of entries. Writes and deletions are kept in the overlay. A fork
 * copies only those and keeps the depth; a layer copies nothing and goes one
 * deeper (the timeline layers only over checkpoints, which hold depth 1, so
 * reads go through two levels at most). Once an overlay holds a good part of
 * its base, a fork flattens it into a fresh base.
 *
 * It is a Map to everything that uses one — folds, views, canonical JSON and
 * hashes — except for iteration order: the base's keys come first, then the
 * added ones. Nothing reads a message store's `byGuid` in order (its canonical
 * forms sort the keys, and display order is the store's `order`).
 */
export class OverlayMap<K, V> extends Map<K, V> {
  private readonly base: ReadonlyMap<K, V>;
  private readonly own: Map<K, V>;
  /** Keys of the base deleted here (and not set again). */
  private readonly gone: Set<K>;
  private count: number;

  constructor(base: ReadonlyMap<K, V>, own: Map<K, V> = new Map(), gone: Set<K> = new Set(), count = base.size) {
    super();
    this.base = base;
    this.own = own;
    this.gone = gone;
    this.count = count;
  }

  /** 1 over a plain Map, 2 over an overlay over a plain Map. */
  get depth(): number {
    return this.base instanceof OverlayMap ? this.base.depth + 1 : 1;
  }

  /**
   * An independent copy of the same depth: it shares the base and copies what this overlay holds
   * (flattened into a new plain base once that is a good part of the base).
   */
  fork(): OverlayMap<K, V> {
    if (this.own.size + this.gone.size > 64 + (this.base.size >> 2)) return new OverlayMap(new Map(this));
    return new OverlayMap(this.base, new Map(this.own), new Set(this.gone), this.count);
  }

  /** An independent copy one level deeper that copies nothing: this overlay must not change any more. */
  layer(): OverlayMap<K, V> {
    return new OverlayMap(this, new Map(), new Set(), this.count);
  }

  override get size(): number {
    return this.count;
  }

  override get(key: K): V | undefined {
    const value = this.own.get(key);
    if (value !== undefined || this.own.has(key)) return value;
    return this.gone.has(key) ? undefined : this.base.get(key);
  }

  override has(key: K): boolean {
    return this.own.has(key) || (!this.gone.has(key) && this.base.has(key));
  }

  override set(key: K, value: V): this {
    if (!this.has(key)) this.count++;
    this.own.set(key, value);
    this.gone.delete(key);
    return this;
  }

  override delete(key: K): boolean {
    if (!this.has(key)) return false;
    this.count--;
    this.own.delete(key);
    if (this.base.has(key)) this.gone.add(key);
    return true;
  }

  override clear(): void {
    for (const key of this.base.keys()) this.gone.add(key);
    this.own.clear();
    this.count = 0;
  }

  override *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.base) if (!this.gone.has(key) && !this.own.has(key)) yield [key, value];
    for (const [key, value] of this.own) yield [key, value];
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

/**
 * A Set's canonical form — its items as strings, sorted (projections/canonical.ts) — without sorting a
 * large overlay whole: its base's sorted items are kept, and merged with what the overlay changed.
 */
export function canonicalItems(set: ReadonlySet<unknown>): string[] {
  return (set instanceof OverlaySet ? set.sortedItems() : [...set].sort(byText)).map(String);
}

/** The same for a Set (the messages' tombstones): additions and deletions over a base it never changes. */
export class OverlaySet<T> extends Set<T> {
  private readonly base: ReadonlySet<T>;
  private readonly own: Set<T>;
  private readonly gone: Set<T>;
  private count: number;

  constructor(base: ReadonlySet<T>, own: Set<T> = new Set(), gone: Set<T> = new Set(), count = base.size) {
    super();
    this.base = base;
    this.own = own;
    this.gone = gone;
    this.count = count;
  }

  get depth(): number {
    return this.base instanceof OverlaySet ? this.base.depth + 1 : 1;
  }

  fork(): OverlaySet<T> {
    if (this.own.size + this.gone.size > 64 + (this.base.size >> 2)) return new OverlaySet(new Set(this));
    return new OverlaySet(this.base, new Set(this.own), new Set(this.gone), this.count);
  }

  layer(): OverlaySet<T> {
    return new OverlaySet(this, new Set(), new Set(), this.count);
  }

  /** The items in canonical order: the base's (sorted once) without those deleted here, merged with those added here. */
  sortedItems(): T[] {
    const base = sortedBase(this.base);
    const own = [...this.own].sort(byText);
    const out: T[] = [];
    let j = 0;
    for (const item of base) {
      if (this.gone.has(item)) continue;
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
    return this.own.has(value) || (!this.gone.has(value) && this.base.has(value));
  }

  override add(value: T): this {
    if (this.has(value)) return this;
    this.count++;
    if (this.base.has(value)) this.gone.delete(value);
    else this.own.add(value);
    return this;
  }

  override delete(value: T): boolean {
    if (!this.has(value)) return false;
    this.count--;
    if (!this.own.delete(value)) this.gone.add(value);
    return true;
  }

  override clear(): void {
    for (const value of this.base) this.gone.add(value);
    this.own.clear();
    this.count = 0;
  }

  override *values(): SetIterator<T> {
    for (const value of this.base) if (!this.gone.has(value)) yield value;
    yield* this.own;
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
