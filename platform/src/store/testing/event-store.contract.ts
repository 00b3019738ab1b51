import {
  AppendPayloadMismatch,
  EventTooLarge,
  IdempotencyConflict,
  WrongExpectedVersion,
  type Checkpoint,
  type RecordedEvent,
  type EventStore,
} from '@planwerk/events';
import { testEvent, testEvents, testMetadata, testStreamId } from './event-fixtures';

export interface EventStoreUnderTest {
  store: EventStore;
  cleanup(): Promise<void>;
}

/** The one contract every EventStore adapter passes (architecture.md, "Ports"). */
export function describeEventStoreContract(name: string, factory: () => Promise<EventStoreUnderTest>): void {
  describe(`EventStore contract: ${name}`, () => {
    let subject: EventStoreUnderTest;
    let store: EventStore;

    beforeAll(async () => {
      subject = await factory();
      store = subject.store;
    });
    afterAll(async () => {
      await subject?.cleanup();
    });

    // A global read shows an event once every older writing transaction has ended (rule 4), and
    // suites running in parallel on one server hold such transactions: wait (bounded) for our own.
    async function visible(checkpoint: Checkpoint): Promise<Checkpoint> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const head = await store.head();
        if (head !== null && store.compareCheckpoints(head, checkpoint) >= 0) return checkpoint;
        if (Date.now() > deadline) throw new Error(`checkpoint ${checkpoint} not visible after 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    // A start position behind which everything appended so far is visible, so the log after it
    // holds only what the test appends next.
    async function settledStart(): Promise<Checkpoint> {
      const marker = await store.append(testStreamId('marker'), [testEvent('Marker')]);
      return visible(marker.checkpoint);
    }

    it('appends 50 concurrent "any" batches to one stream with contiguous versions 1..50', async () => {
      const streamId = testStreamId();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => store.append(streamId, [testEvent('Counted', { i })], { expectedVersion: 'any' })),
      );
      expect(results.map((r) => r.nextExpectedVersion).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      const slice = await store.readStream(streamId);
      expect(slice.version).toBe(50);
      expect(slice.events.map((e) => e.streamVersion)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(new Set(slice.events.map((e) => (e.data as { i: number }).i)).size).toBe(50);
    });

    it('lets exactly one of 50 concurrent appends expecting version 5 win', async () => {
      const streamId = testStreamId();
      await store.append(streamId, testEvents(5), { expectedVersion: 'no_stream' });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () => store.append(streamId, [testEvent('Raced')], { expectedVersion: 5 })),
      );
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(49);
      for (const error of lost) {
        expect(error).toBeInstanceOf(WrongExpectedVersion);
        expect(error).toMatchObject({ streamId, expected: 5, actual: 6 });
      }
      expect((await store.readStream(streamId)).version).toBe(6);
    });

    it('returns the first result and appends nothing when a batch is retried with the same event ids', async () => {
      const streamId = testStreamId();
      await store.append(streamId, testEvents(2));
      const batch = testEvents(3);
      const first = await store.append(streamId, batch, { expectedVersion: 2 });
      const retried = await store.append(streamId, batch, { expectedVersion: 2 });
      const retriedAny = await store.append(streamId, batch);
      expect(first.nextExpectedVersion).toBe(5);
      expect(retried).toEqual(first);
      expect(retriedAny).toEqual(first);
      expect((await store.readStream(streamId)).events).toHaveLength(5);
    });

    it('returns one result for concurrent retries of one batch', async () => {
      const streamId = testStreamId();
      const batch = testEvents(2);
      const results = await Promise.all(Array.from({ length: 10 }, () => store.append(streamId, batch)));
      expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
      expect((await store.readStream(streamId)).version).toBe(2);
    });

    it('rejects a batch that only partially overlaps an earlier one', async () => {
      const streamId = testStreamId();
      const [a, b] = testEvents(2);
      await store.append(streamId, [a, b]);
      await expect(store.append(streamId, [a, testEvent('New')])).rejects.toBeInstanceOf(IdempotencyConflict);
      await expect(store.append(streamId, [testEvent('New'), b])).rejects.toBeInstanceOf(IdempotencyConflict);
      await expect(store.append(streamId, [b, a])).rejects.toBeInstanceOf(IdempotencyConflict);
      expect((await store.readStream(streamId)).version).toBe(2);
    });

    it('refuses a batch that repeats event ids with another type or data with AppendPayloadMismatch, and stores nothing of it', async () => {
      const streamId = testStreamId();
      const [a, b] = testEvents(2);
      const first = await store.append(streamId, [a, b], { expectedVersion: 'no_stream' });
      await expect(store.append(streamId, [a, { ...b, data: { i: 99 } }])).rejects.toMatchObject({ kind: 'AppendPayloadMismatch', streamId, eventId: b.eventId });
      await expect(store.append(streamId, [{ ...a, type: 'OtherThing' }, b], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(AppendPayloadMismatch);
      await expect(store.append(streamId, [{ ...a, data: { i: 0, extra: true } }, b], { expectedVersion: 0 })).rejects.toBeInstanceOf(AppendPayloadMismatch);
      // A retry's metadata (its own correlation id) is not the event: the same events are the same append.
      await expect(store.append(streamId, [{ ...a, metadata: testMetadata() }, b])).resolves.toEqual(first);
      const stored = await store.readStream(streamId);
      expect(stored.events.map((e) => [e.eventId, e.type, e.data])).toEqual([[a.eventId, a.type, a.data], [b.eventId, b.type, b.data]]);
    });

    it('enforces no_stream and stream_exists', async () => {
      const streamId = testStreamId();
      await expect(store.append(streamId, testEvents(1), { expectedVersion: 'stream_exists' })).rejects.toMatchObject({
        kind: 'WrongExpectedVersion',
        actual: 0,
      });
      expect((await store.readStream(streamId)).version).toBe(0);
      await expect(store.append(streamId, testEvents(2), { expectedVersion: 'no_stream' })).resolves.toMatchObject({
        nextExpectedVersion: 2,
      });
      await expect(store.append(streamId, testEvents(1), { expectedVersion: 'no_stream' })).rejects.toMatchObject({
        kind: 'WrongExpectedVersion',
        expected: 'no_stream',
        actual: 2,
      });
      await expect(store.append(streamId, testEvents(1), { expectedVersion: 'stream_exists' })).resolves.toMatchObject({
        nextExpectedVersion: 3,
      });
      await expect(store.append(streamId, testEvents(1), { expectedVersion: 2 })).rejects.toBeInstanceOf(WrongExpectedVersion);
      await expect(store.append(testStreamId(), testEvents(1), { expectedVersion: 0 })).resolves.toMatchObject({
        nextExpectedVersion: 1,
      });
    });

    it('rejects an oversized event with EventTooLarge and stores nothing of its batch', async () => {
      const streamId = testStreamId();
      const huge = testEvent('Huge', { text: 'x'.repeat(256 * 1024) });
      await expect(store.append(streamId, [testEvent('Small'), huge])).rejects.toBeInstanceOf(EventTooLarge);
      await expect(store.append(streamId, [huge])).rejects.toMatchObject({ eventId: huge.eventId, type: 'Huge' });
      expect(await store.readStream(streamId)).toMatchObject({ version: 0, events: [] });
    });

    it('reads a stream in order, from a version, with a limit, keeping envelope and metadata', async () => {
      const streamId = testStreamId();
      const events = testEvents(6);
      await store.append(streamId, events.slice(0, 3));
      await store.append(streamId, events.slice(3));
      const all = await store.readStream(streamId);
      expect(all.events.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
      expect(all.events[0]).toMatchObject({ streamId, streamVersion: 1, type: events[0].type, data: events[0].data });
      expect(all.events[0].metadata).toEqual(events[0].metadata);
      expect(all.events[0].recordedAt).toBeInstanceOf(Date);
      const part = await store.readStream(streamId, { fromVersion: 3, maxCount: 2 });
      expect(part.version).toBe(6);
      expect(part.events.map((e) => e.streamVersion)).toEqual([3, 4]);
      expect(await store.readStream(testStreamId())).toMatchObject({ version: 0, events: [] });
    });

    it('reads the global log in append order in batches, with increasing checkpoints', async () => {
      const start = await settledStart();
      const streams = [testStreamId('a'), testStreamId('b'), testStreamId('c')];
      const appended: string[] = [];
      let last: Checkpoint = start;
      for (let round = 0; round < 4; round += 1) {
        for (const streamId of streams) {
          const batch = testEvents(2);
          last = (await store.append(streamId, batch)).checkpoint;
          appended.push(...batch.map((e) => e.eventId));
        }
      }
      await visible(last);
      const read: RecordedEvent[] = [];
      let after: Checkpoint | null = start;
      for (;;) {
        const slice = await store.readAll({ after, maxCount: 5 });
        if (slice.events.length === 0) {
          expect(slice.checkpoint).toBe(after);
          break;
        }
        read.push(...slice.events);
        after = slice.checkpoint;
      }
      expect(read.map((e) => e.eventId)).toEqual(appended);
      for (let i = 1; i < read.length; i += 1) {
        expect(store.compareCheckpoints(read[i - 1].checkpoint, read[i].checkpoint)).toBeLessThan(0);
      }
      expect(await store.head()).toBe(read[read.length - 1].checkpoint);
      expect(store.compareCheckpoints(start, read[0].checkpoint)).toBeLessThan(0);
    });

    it('orders every checkpoint after the start checkpoint and none after the last committed event', async () => {
      const result = await store.append(testStreamId(), testEvents(2));
      expect(store.compareCheckpoints(store.startCheckpoint, result.checkpoint)).toBeLessThan(0);
      const last = await store.lastCommitted();
      expect(last).not.toBeNull();
      // Committed is enough: no wait for the visibility bound.
      expect(store.compareCheckpoints(result.checkpoint, last as string)).toBeLessThanOrEqual(0);
    });

    it('returns the checkpoint of the append, which readAll reaches', async () => {
      const result = await store.append(testStreamId(), testEvents(3));
      await visible(result.checkpoint);
      const before = await store.readAll({ after: null, maxCount: 1_000_000 });
      expect(before.events.some((e) => e.checkpoint === result.checkpoint)).toBe(true);
      expect(before.checkpoint).not.toBeNull();
      expect(store.compareCheckpoints(result.checkpoint, before.checkpoint as string)).toBeLessThanOrEqual(0);
    });

    it('delivers every event to a subscription once, in log order, including concurrent appends', async () => {
      const start = await settledStart();
      const prior = testEvents(5);
      const streamId = testStreamId('sub');
      await store.append(streamId, prior);
      const delivered: RecordedEvent[] = [];
      const expectedCount = 5 + 8 * 5;
      let resolveAll!: () => void;
      const all = new Promise<void>((resolve) => (resolveAll = resolve));
      const subscription = store.subscribe({
        after: start,
        batchSize: 7,
        handle: async (events) => {
          delivered.push(...events);
          if (delivered.length >= expectedCount) resolveAll();
        },
      });
      try {
        await Promise.all(
          Array.from({ length: 8 }, async (_, writer) => {
            for (let i = 0; i < 5; i += 1) await store.append(`${streamId}-${writer}`, [testEvent('Live', { writer, i })]);
          }),
        );
        await all;
      } finally {
        await subscription.stop();
      }
      const log = await store.readAll({ after: start, maxCount: 1000 });
      expect(delivered.map((e) => e.eventId)).toEqual(log.events.map((e) => e.eventId));
      expect(new Set(delivered.map((e) => e.eventId)).size).toBe(expectedCount);
      expect(delivered.slice(0, 5).map((e) => e.eventId)).toEqual(prior.map((e) => e.eventId));
    });
  });
}
