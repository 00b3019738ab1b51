import type { Checkpoint, EventMetadata, RecordedEvent } from '@planwerk/events';
import type { Queryable } from './append-events';
import { decodeCheckpoint, encodeCheckpoint, LOG_START } from './checkpoint';

export interface EventRow {
  transaction_id: string;
  global_position: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  schema_version: number;
  recorded_at: Date;
}

const COLUMNS =
  'e.transaction_id::text AS transaction_id, e.global_position, e.stream_id, e.stream_position, e.event_id, e.type, e.data, e.metadata, e.schema_version, e.recorded_at';

// Rule 4: row-comparison cursor on (transaction_id, global_position), bounded by the oldest
// transaction still running, so an event can only become visible behind the cursor after its
// writer has finished — never ahead of an event still being written.
// Qualified names: an unqualified ORDER BY would sort by the text output column of the same name.
const READ_ALL_SQL = `SELECT ${COLUMNS} FROM events e
  WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
    AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY e.transaction_id, e.global_position
  LIMIT $3`;

const HEAD_SQL = `SELECT e.transaction_id::text AS transaction_id, e.global_position FROM events e
  WHERE e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY e.transaction_id DESC, e.global_position DESC
  LIMIT 1`;

// The newest committed event whatever the visibility bound: an upper bound of every checkpoint
// a command has answered with.
const LAST_COMMITTED_SQL = `SELECT e.transaction_id::text AS transaction_id, e.global_position FROM events e
  ORDER BY e.transaction_id DESC, e.global_position DESC
  LIMIT 1`;

// One statement, so the version and the events come from the same snapshot.
const READ_STREAM_SQL = `SELECT s.version AS current_version, e.* FROM streams s
  LEFT JOIN LATERAL (
    SELECT ${COLUMNS} FROM events e
     WHERE e.stream_id = s.stream_id AND e.stream_position >= $2
     ORDER BY e.stream_position
     LIMIT $3
  ) AS e ON true
  WHERE s.stream_id = $1`;

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    type: row.type,
    data: row.data,
    metadata: { ...row.metadata, schemaVersion: row.schema_version },
    streamId: row.stream_id,
    streamVersion: Number(row.stream_position),
    checkpoint: encodeCheckpoint({ transactionId: row.transaction_id, globalPosition: row.global_position }),
    recordedAt: row.recorded_at,
  };
}

export async function readGlobalLog(db: Queryable, after: Checkpoint | null | undefined, maxCount: number): Promise<EventRow[]> {
  if (!Number.isSafeInteger(maxCount) || maxCount < 1) throw new RangeError(`Invalid maxCount ${maxCount}`);
  const from = after ? decodeCheckpoint(after) : LOG_START;
  const result = await db.query<EventRow>({
    name: 'planwerk_read_all',
    text: READ_ALL_SQL,
    values: [from.transactionId, from.globalPosition, maxCount],
  });
  return result.rows;
}

export async function readHead(db: Queryable): Promise<Checkpoint | null> {
  const result = await db.query<{ transaction_id: string; global_position: string }>(HEAD_SQL);
  const row = result.rows[0];
  return row ? encodeCheckpoint({ transactionId: row.transaction_id, globalPosition: row.global_position }) : null;
}

export async function readLastCommitted(db: Queryable): Promise<Checkpoint | null> {
  const result = await db.query<{ transaction_id: string; global_position: string }>(LAST_COMMITTED_SQL);
  const row = result.rows[0];
  return row ? encodeCheckpoint({ transactionId: row.transaction_id, globalPosition: row.global_position }) : null;
}

export async function readStreamRows(
  db: Queryable,
  streamId: string,
  fromVersion: number,
  maxCount: number | null,
): Promise<{ version: number; rows: EventRow[] }> {
  const result = await db.query<EventRow & { current_version: string }>({
    name: 'planwerk_read_stream',
    text: READ_STREAM_SQL,
    values: [streamId, fromVersion, maxCount],
  });
  const first = result.rows[0];
  if (!first) return { version: 0, rows: [] };
  return { version: Number(first.current_version), rows: result.rows.filter((row) => row.event_id !== null) };
}
