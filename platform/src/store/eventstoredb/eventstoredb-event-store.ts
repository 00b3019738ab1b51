import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type JSONType,
} from '@kurrent/kurrentdb-client';
import {
  AppendPayloadMismatch,
  EventTooLarge,
  IdempotencyConflict,
  WrongExpectedVersion,
  type NewEvent,
  type RecordedEvent,
  type EventStore,
  type ExpectedVersion,
  type Subscription,
  type SubscribeOptions,
} from '@planwerk/events';
import {
  compareCheckpoints,
  currentStateToVersion,
  decodeCheckpoint,
  encodeCheckpoint,
  fromVersionToRevision,
  toRecordedEvent,
  toStoredMetadata,
  toStreamState,
  toVersion,
} from './eventstoredb-mapping';
import { isSameEvent } from '../same-payload';
import { runAllSubscription } from './eventstoredb-subscription';

export interface EventStoreDbOptions {
  /** e.g. `kurrentdb://127.0.0.1:2113?tls=false` (EVENTSTORE_URL). */
  connectionString: string;
  /** Rule 9: bounded event size, checked before anything is sent. Default 256 KiB. */
  maxEventBytes?: number;
}

const DEFAULT_MAX_EVENT_BYTES = 256 * 1024;

export function eventSizeBytes(event: NewEvent): number {
  return Buffer.byteLength(JSON.stringify(event.data) ?? '') + Buffer.byteLength(JSON.stringify(event.metadata));
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
}

export function createEventStoreDbEventStore(options: EventStoreDbOptions): EventStore {
  const client = KurrentDBClient.connectionString(options.connectionString);
  const maxEventBytes = options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;

  // Current version of a stream: 0 when it does not exist.
  async function streamVersion(streamId: string): Promise<number> {
    try {
      const [last] = await collect(client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }));
      return last?.event ? toVersion(last.event.revision) : 0;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return 0;
      throw error;
    }
  }

  /**
   * The checkpoint of the batch's last event, read with the batch. The server answers a repeated
   * batch by its event ids alone: a stored event with one of the ids but another type or data
   * is refused here (AppendPayloadMismatch), as the PostgreSQL store does.
   */
  async function checkBatchAt(streamId: string, version: number, events: readonly NewEvent[]): Promise<string> {
    const from = Math.max(1, version - events.length + 1);
    const resolved = await collect(client.readStream(streamId, { fromRevision: fromVersionToRevision(from), maxCount: version - from + 1 }));
    const stored = resolved.map(toRecordedEvent).filter((event): event is RecordedEvent => event !== undefined);
    const byId = new Map(stored.map((event) => [event.eventId.toLowerCase(), event]));
    const differing = events.find((event) => byId.has(event.eventId.toLowerCase()) && !isSameEvent(byId.get(event.eventId.toLowerCase()), event));
    if (differing) throw new AppendPayloadMismatch(streamId, differing.eventId, from);
    const last = stored[stored.length - 1];
    if (!last || last.streamVersion !== version) throw new Error(`Stream ${streamId} has no event at version ${version}`);
    return last.checkpoint;
  }

  const store: EventStore = {
    async append(streamId, events, appendOptions = {}) {
      if (events.length === 0) throw new Error(`append to ${streamId} needs at least one event`);
      for (const event of events) {
        const size = eventSizeBytes(event);
        if (size > maxEventBytes) throw new EventTooLarge(event.eventId, event.type, size, maxEventBytes);
      }
      const expected: ExpectedVersion = appendOptions.expectedVersion ?? 'any';
      const payload = events.map((event) =>
        jsonEvent({
          id: event.eventId,
          type: event.type,
          data: event.data as JSONType,
          metadata: toStoredMetadata(event.metadata),
        }),
      );
      try {
        const result = await client.appendToStream(streamId, payload, { streamState: toStreamState(expected) });
        const nextExpectedVersion = toVersion(result.nextExpectedRevision);
        // The append's own position is the commit record's; the port promises the checkpoint of
        // the last event (readAll reaches it, an idempotent retry returns the same one).
        const checkpoint = await checkBatchAt(streamId, nextExpectedVersion, events);
        return { streamId, nextExpectedVersion, checkpoint };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        // With ANY the server checks nothing but event ids: the batch overlaps an earlier one in part.
        if (expected === 'any') {
          throw new IdempotencyConflict(
            streamId,
            events.map((event) => event.eventId),
            'the batch repeats some but not all events of an earlier append',
          );
        }
        throw new WrongExpectedVersion(streamId, expected, currentStateToVersion(error.actualState));
      }
    },

    async readStream(streamId, readOptions = {}) {
      const fromRevision = fromVersionToRevision(readOptions.fromVersion ?? 1);
      try {
        const resolved = await collect(
          client.readStream(streamId, {
            direction: FORWARDS,
            fromRevision,
            ...(readOptions.maxCount === undefined ? {} : { maxCount: readOptions.maxCount }),
          }),
        );
        const events = resolved.map(toRecordedEvent).filter((event): event is RecordedEvent => event !== undefined);
        return { streamId, version: await streamVersion(streamId), events };
      } catch (error) {
        if (error instanceof StreamNotFoundError) return { streamId, version: 0, events: [] };
        throw error;
      }
    },

    async readAll({ after, maxCount }) {
      if (!Number.isSafeInteger(maxCount) || maxCount < 1) throw new RangeError('maxCount must be a positive integer');
      // Reading $all forwards from a position includes the event at it: ask for one more.
      const resolved = await collect(
        client.readAll({
          direction: FORWARDS,
          fromPosition: after ? decodeCheckpoint(after) : START,
          maxCount: maxCount + 1,
          filter: excludeSystemEvents(),
        }),
      );
      const events = resolved
        .map(toRecordedEvent)
        .filter((event): event is RecordedEvent => event !== undefined)
        .filter((event) => !after || compareCheckpoints(event.checkpoint, after) > 0)
        .slice(0, maxCount);
      return { events, checkpoint: events.length > 0 ? events[events.length - 1].checkpoint : (after ?? null) };
    },

    subscribe(subscribeOptions: SubscribeOptions): Subscription {
      return runAllSubscription(client, subscribeOptions);
    },

    async head() {
      const [last] = await collect(
        client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: excludeSystemEvents() }),
      );
      const recorded = last ? toRecordedEvent(last) : undefined;
      return recorded?.checkpoint ?? null;
    },

    // EventStoreDB shows every committed event to readers at once: the head is the last commit.
    async lastCommitted() {
      return store.head();
    },

    compareCheckpoints,

    startCheckpoint: encodeCheckpoint({ commit: 0n, prepare: 0n }),

    async close() {
      await client.dispose();
    },
  };
  return store;
}
