import type { Pool, PoolClient } from 'pg';
import {
  AppendPayloadMismatch,
  EventTooLarge,
  IdempotencyConflict,
  WrongExpectedVersion,
  type NewEvent,
  type AppendResult,
  type ExpectedVersion,
} from '@planwerk/events';
import { encodeCheckpoint } from './checkpoint';

export type Queryable = Pick<Pool | PoolClient, 'query'>;

export const DEFAULT_MAX_EVENT_BYTES = 256 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Named, so each connection parses and plans the call once.
const APPEND_QUERY_NAME = 'planwerk_append_events';
const APPEND_SQL =
  'SELECT o_version, o_transaction_id::text AS o_transaction_id, o_global_position FROM ' +
  'append_events($1, $2, $3::uuid[], $4::text[], $5::jsonb, $6::jsonb, $7::integer[], $8::boolean)';

/** A validated batch; `data` and `metadata` are JSON arrays with one element per event. */
export interface SerializedBatch {
  eventIds: string[];
  types: string[];
  data: string;
  metadata: string;
  schemaVersions: number[];
}

/** Whether the append function itself sends NOTIFY (for appends inside a caller's transaction). */
export type NotifyMode = 'in-transaction' | 'after-commit';

function expectedParameter(expected: ExpectedVersion): string {
  if (typeof expected === 'number') {
    if (!Number.isSafeInteger(expected) || expected < 0) throw new RangeError(`Invalid expected version ${expected}`);
    return String(expected);
  }
  return expected;
}

/** Validates and serializes a batch; everything here happens before any SQL (rule 9). */
export function serializeBatch(streamId: string, events: readonly NewEvent[], maxEventBytes: number): SerializedBatch {
  if (events.length === 0) throw new RangeError(`Append to ${streamId} needs at least one event`);
  const eventIds: string[] = [];
  const types: string[] = [];
  const data: string[] = [];
  const metadata: string[] = [];
  const schemaVersions: number[] = [];
  const seen = new Set<string>();
  for (const event of events) {
    if (!UUID.test(event.eventId)) throw new TypeError(`Event id ${JSON.stringify(event.eventId)} is not a UUID`);
    const id = event.eventId.toLowerCase();
    if (seen.has(id)) throw new IdempotencyConflict(streamId, [event.eventId], `event id ${event.eventId} appears twice in one batch`);
    seen.add(id);
    const eventData = JSON.stringify(event.data);
    const eventMetadata = JSON.stringify(event.metadata);
    // JSON.stringify(undefined) is undefined, which would corrupt the JSON array sent to SQL.
    if (eventData === undefined) throw new TypeError(`Event ${event.eventId} (${event.type}) has no JSON data`);
    const size = Buffer.byteLength(eventData, 'utf8') + Buffer.byteLength(eventMetadata, 'utf8');
    if (size > maxEventBytes) throw new EventTooLarge(event.eventId, event.type, size, maxEventBytes);
    eventIds.push(event.eventId);
    types.push(event.type);
    data.push(eventData);
    metadata.push(eventMetadata);
    schemaVersions.push(event.metadata.schemaVersion);
  }
  return { eventIds, types, data: `[${data.join(',')}]`, metadata: `[${metadata.join(',')}]`, schemaVersions };
}

interface AppendRow {
  o_version: string;
  o_transaction_id: string;
  o_global_position: string;
}

/** Calls `append_events` once: the whole append is one statement and one round trip (rule 1). */
export async function appendSerialized(
  db: Queryable,
  streamId: string,
  batch: SerializedBatch,
  expected: ExpectedVersion,
  notify: NotifyMode,
): Promise<AppendResult> {
  try {
    const result = await db.query<AppendRow>({
      name: APPEND_QUERY_NAME,
      text: APPEND_SQL,
      values: [streamId, expectedParameter(expected), batch.eventIds, batch.types, batch.data, batch.metadata, batch.schemaVersions, notify === 'in-transaction'],
    });
    const row = result.rows[0];
    return {
      streamId,
      nextExpectedVersion: Number(row.o_version),
      checkpoint: encodeCheckpoint({ transactionId: row.o_transaction_id, globalPosition: row.o_global_position }),
    };
  } catch (error) {
    throw translateAppendError(error, streamId, batch.eventIds, expected);
  }
}

function translateAppendError(error: unknown, streamId: string, eventIds: string[], expected: ExpectedVersion): unknown {
  const pgError = error as { code?: string; detail?: string; hint?: string; constraint?: string };
  switch (pgError.code) {
    case 'PW409':
      return new WrongExpectedVersion(streamId, expected, Number(pgError.detail));
    case 'PW423':
      return new AppendPayloadMismatch(streamId, pgError.hint ?? eventIds[0] ?? '', Number(pgError.detail));
    case 'PW422':
      return new IdempotencyConflict(streamId, eventIds, 'the batch partially matches events appended earlier');
    case '23505':
      if (pgError.constraint === 'events_event_id_key') {
        return new IdempotencyConflict(streamId, eventIds, 'some event ids of the batch were appended earlier');
      }
      return error;
    default:
      return error;
  }
}

/** For tests and tools that append inside their own transaction: NOTIFY fires when that commits. */
export function appendEvents(
  db: Queryable,
  streamId: string,
  events: readonly NewEvent[],
  expected: ExpectedVersion = 'any',
  maxEventBytes = DEFAULT_MAX_EVENT_BYTES,
): Promise<AppendResult> {
  return appendSerialized(db, streamId, serializeBatch(streamId, events, maxEventBytes), expected, 'in-transaction');
}
