// The bundle answer cache (spec section 9: 5 minutes), keyed by (user, request) and tagged with
// what each answer read. A tag bump makes every entry that read it stale, including one whose
// computation was still running: entries remember the bump sequence they started from.

export interface BundleCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Milliseconds; tests move it. */
  now?: () => number;
}

interface Entry<V> {
  value: V;
  tags: readonly string[];
  startedAt: number;
  expiresAt: number;
}

// Every entry depends on this one, so `invalidateAll` is a single bump.
const ALL = '*';
// Above this many remembered tags the cache starts over rather than grow without bound.
const MAX_TAGS = 100_000;

export class BundleCache<V> {
  private sequence = 0;
  private readonly bumps = new Map<string, number>();
  private readonly entries = new Map<string, Entry<V>>();
  private readonly now: () => number;

  constructor(private readonly options: BundleCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Call before reading: the answer stored with this stamp is stale if a tag moves meanwhile. */
  begin(): number {
    return this.sequence;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.expiresAt || !this.fresh(entry)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, tags: readonly string[], startedAt: number): void {
    const entry: Entry<V> = { value, tags, startedAt, expiresAt: this.now() + this.options.ttlMs };
    // Stale from birth (a bump landed while it was computed): not worth keeping.
    if (!this.fresh(entry)) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    // Map order is insertion order: the first key is the oldest write.
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  invalidate(tags: Iterable<string>): void {
    let bumped = false;
    for (const tag of tags) {
      if (!bumped) {
        this.sequence += 1;
        bumped = true;
      }
      this.bumps.set(tag, this.sequence);
    }
    if (this.bumps.size > MAX_TAGS) this.invalidateAll();
  }

  invalidateAll(): void {
    this.sequence += 1;
    this.bumps.clear();
    this.bumps.set(ALL, this.sequence);
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private fresh(entry: Entry<V>): boolean {
    if ((this.bumps.get(ALL) ?? 0) > entry.startedAt) return false;
    return entry.tags.every((tag) => (this.bumps.get(tag) ?? 0) <= entry.startedAt);
  }
}
