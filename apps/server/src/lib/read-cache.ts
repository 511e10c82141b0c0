/**
 * A small in-process cache for values read from the database that are costly to compute and cheap to be a
 * few seconds stale (list totals, page anchors, signed-in sessions).
 *
 * - Writes made by this process call `invalidate()`, so nobody is shown a value older than a change this
 *   process made.
 * - Writes made by another process (a second server, the seeder) are seen after at most `ttlMs`.
 * - Concurrent misses of one key share a single load (no stampede of identical slow queries), and a load
 *   that started before an invalidation is handed to its callers but not kept.
 */
export class ReadCache<V> {
  readonly #entries = new Map<string, { value: V; version: number; expires: number }>();
  readonly #loading = new Map<string, { version: number; promise: Promise<V> }>();
  #version = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
  ) {}

  get(key: string): V | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (hit.version !== this.#version || hit.expires <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V, version = this.#version): void {
    if (this.ttlMs <= 0 || version !== this.#version) return;
    this.#entries.delete(key); // re-inserting keeps the Map in age order for the eviction below
    this.#entries.set(key, { value, version, expires: Date.now() + this.ttlMs });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  /**
   * The cached value, or `load()`'s (shared by every caller that misses at the same time). With a lifetime
   * of 0 nothing is cached or shared: every call loads.
   */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const pending = this.#loading.get(key);
    if (pending && pending.version === this.#version) return pending.promise;
    const version = this.#version;
    const promise = load().then((value) => {
      this.set(key, value, version);
      return value;
    });
    const entry = { version, promise };
    this.#loading.set(key, entry);
    const done = () => {
      if (this.#loading.get(key) === entry) this.#loading.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /** Forgets everything: the next read of every key goes to the database. */
  invalidate(): void {
    this.#version++;
    this.#entries.clear();
    this.#loading.clear();
  }
}
