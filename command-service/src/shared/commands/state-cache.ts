import type { EventStore, RecordedEvent } from '@planwerk/events';

// Folded state per stream with the version it covers (ADR 0006, "Hot lists"): a load reads
// only the events after the cached version. Bounded (least recently used goes first); a
// stream that went backwards (a restored database) is folded again from its start.

export interface VersionedState<S> {
  state: S;
  version: number;
}

export interface StateCacheOptions<S> {
  initial(): S;
  /** Folds one stored event; events of other types are the caller's to skip. */
  evolve(state: S, event: RecordedEvent): S;
  maxStreams?: number;
}

export class StreamStateCache<S> {
  private readonly entries = new Map<string, VersionedState<S>>();
  private readonly maxStreams: number;

  constructor(private readonly options: StateCacheOptions<S>) {
    this.maxStreams = options.maxStreams ?? 1000;
  }

  async load(store: Pick<EventStore, 'readStream'>, streamId: string): Promise<VersionedState<S>> {
    const cached = this.entries.get(streamId);
    const slice = await store.readStream(streamId, { fromVersion: cached ? cached.version + 1 : 1 });
    if (cached && slice.version < cached.version) {
      this.entries.delete(streamId);
      return this.load(store, streamId);
    }
    let state = cached?.state ?? this.options.initial();
    for (const event of slice.events) state = this.options.evolve(state, event);
    const loaded = { state, version: slice.version };
    this.remember(streamId, loaded);
    return loaded;
  }

  /** Keeps the state after an own append, when it is newer than what is cached. */
  remember(streamId: string, value: VersionedState<S>): void {
    const cached = this.entries.get(streamId);
    if (cached && cached.version > value.version) return;
    this.entries.delete(streamId);
    this.entries.set(streamId, value);
    while (this.entries.size > this.maxStreams) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }

  peek(streamId: string): VersionedState<S> | undefined {
    return this.entries.get(streamId);
  }
}
