import type { EventStore, ReadStreamOptions, RecordedEvent, StreamSlice } from '@planwerk/events';
import { StreamStateCache } from './state-cache';

// A stream held in memory: the cache must ask only for what it has not folded yet.
function memoryStream(streamId: string) {
  const events: RecordedEvent[] = [];
  const reads: number[] = [];
  const store: Pick<EventStore, 'readStream'> = {
    async readStream(id: string, options: ReadStreamOptions = {}): Promise<StreamSlice> {
      const from = options.fromVersion ?? 1;
      reads.push(from);
      return { streamId: id, version: id === streamId ? events.length : 0, events: id === streamId ? events.slice(from - 1) : [] };
    },
  };
  const append = (n: number) => events.push({
    eventId: `e${n}`, type: 'Counted', data: { n }, streamId, streamVersion: events.length + 1, checkpoint: String(n), recordedAt: new Date(0),
    metadata: { commandId: 'c', correlationId: 'c', causationId: null, actor: { kind: 'system', id: 's' }, teamId: null, schemaVersion: 1 },
  });
  const truncate = () => events.splice(0);
  return { store, append, truncate, reads };
}

const sum = () => new StreamStateCache<number>({ initial: () => 0, evolve: (state, event) => state + (event.data as { n: number }).n, maxStreams: 2 });

describe('StreamStateCache', () => {
  it('reads only the events after the cached version', async () => {
    const stream = memoryStream('s');
    const cache = sum();
    stream.append(1);
    stream.append(2);
    await expect(cache.load(stream.store, 's')).resolves.toEqual({ state: 3, version: 2 });
    stream.append(4);
    await expect(cache.load(stream.store, 's')).resolves.toEqual({ state: 7, version: 3 });
    expect(stream.reads).toEqual([1, 3]);
  });

  it('keeps a remembered state after an own append, but never an older one', async () => {
    const stream = memoryStream('s');
    const cache = sum();
    stream.append(1);
    cache.remember('s', { state: 1, version: 1 });
    await expect(cache.load(stream.store, 's')).resolves.toEqual({ state: 1, version: 1 });
    expect(stream.reads).toEqual([2]);
    cache.remember('s', { state: 0, version: 0 });
    expect(cache.peek('s')).toEqual({ state: 1, version: 1 });
  });

  it('folds again from the start when the stream went backwards', async () => {
    const stream = memoryStream('s');
    const cache = sum();
    stream.append(5);
    stream.append(5);
    await cache.load(stream.store, 's');
    stream.truncate();
    stream.append(1);
    await expect(cache.load(stream.store, 's')).resolves.toEqual({ state: 1, version: 1 });
  });

  it('forgets the least recently used stream beyond its bound', async () => {
    const cache = sum();
    cache.remember('a', { state: 1, version: 1 });
    cache.remember('b', { state: 2, version: 1 });
    cache.remember('c', { state: 3, version: 1 });
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('b')).toEqual({ state: 2, version: 1 });
  });
});
