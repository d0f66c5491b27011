/** What a bounded store holds: each item under its key, with the bytes it is counted for. */
export type Sized = { key: string; bytes: number };

/** Whichever is reached first sends the least recently used out. */
export type Bounds = { maxEntries: number; maxBytes: number };

/** Items, least recently used first (a Map keeps insertion order), within both bounds. */
export class LeastRecentlyUsed<T extends Sized> {
  #items = new Map<string, T>();
  #bytes = 0;

  constructor(
    readonly bounds: Bounds,
    /** Told of each item the bounds send out (not of one deleted or replaced). */
    readonly onEvicted: (item: T) => void = () => {},
  ) {}

  get size() {
    return this.#items.size;
  }

  get bytes() {
    return this.#bytes;
  }

  /** Least recently used first. */
  values() {
    return this.#items.values();
  }

  has(key: string): boolean {
    return this.#items.has(key);
  }

  /** The item under `key`, now the most recently used. */
  get(key: string): T | undefined {
    const item = this.#items.get(key);
    if (item) {
      this.#items.delete(key);
      this.#items.set(key, item);
    }
    return item;
  }

  set(item: T) {
    this.delete(item.key);
    this.#items.set(item.key, item);
    this.#bytes += item.bytes;
    this.#evict();
  }

  /** `item` grew by `bytes` (its `bytes` already counts them): counted, if it is kept here. */
  grew(item: T, bytes: number) {
    if (this.#items.get(item.key) !== item) return;
    this.#bytes += bytes;
    this.#evict();
  }

  /** Takes the item under `key` out; returns it. */
  delete(key: string): T | undefined {
    const item = this.#items.get(key);
    if (!item) return undefined;
    this.#items.delete(key);
    this.#bytes -= item.bytes;
    return item;
  }

  #evict() {
    const { maxEntries, maxBytes } = this.bounds;
    while (this.#items.size > maxEntries || this.#bytes > maxBytes) {
      const oldest = this.#items.values().next().value as T;
      this.delete(oldest.key);
      this.onEvicted(oldest);
    }
  }
}

/**
 * A segmented LRU (docs/decisions/0032): a new item is kept on probation, a small segment of its
 * own; asked for again there, it is promoted to the protected segment. What the protected
 * segment sends out goes back to probation (the most recently used there), what probation sends
 * out is gone. So items asked for once (a shopper's own filter, a crawler's walk) only ever
 * replace each other, never the ones asked for again.
 */
export class SegmentedLru<T extends Sized> {
  readonly #probation: LeastRecentlyUsed<T>;
  readonly #protected: LeastRecentlyUsed<T>;

  constructor(bounds: { probation: Bounds; protected: Bounds }) {
    this.#probation = new LeastRecentlyUsed(bounds.probation);
    this.#protected = new LeastRecentlyUsed(bounds.protected, (item) => this.#probation.set(item));
  }

  get size() {
    return this.#probation.size + this.#protected.size;
  }

  get bytes() {
    return this.#probation.bytes + this.#protected.bytes;
  }

  /** Where `key` is kept now, if it is. */
  segmentOf(key: string): "probation" | "protected" | undefined {
    if (this.#protected.has(key)) return "protected";
    return this.#probation.has(key) ? "probation" : undefined;
  }

  /** Every item, the first to go first: probation's, then the protected ones. */
  *values(): Generator<T> {
    yield* this.#probation.values();
    yield* this.#protected.values();
  }

  /** The item under `key`; asked for on probation, it is promoted. */
  get(key: string): T | undefined {
    const kept = this.#protected.get(key);
    if (kept) return kept;
    const promoted = this.#probation.delete(key);
    if (promoted) this.#protected.set(promoted);
    return promoted;
  }

  /**
   * Keeps `item` on probation, or where its key is protected already (an expired answer made
   * again: its key has been asked for before).
   */
  set(item: T) {
    if (this.#protected.has(item.key)) this.#protected.set(item);
    else this.#probation.set(item);
  }

  grew(item: T, bytes: number) {
    this.#probation.grew(item, bytes);
    this.#protected.grew(item, bytes);
  }

  delete(key: string) {
    this.#probation.delete(key);
    this.#protected.delete(key);
  }
}
