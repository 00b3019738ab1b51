import type { PoolClient } from 'pg';
import type { RecordedEvent } from '@planwerk/events';
import type { ProjectionContext } from '../runtime/projection';
import { type ActivityRow, evolveActivityBatch, objectKey, type ObjectFields } from './activity-log.evolve';

export const ACTIVITY_LOG = 'activity_log';
export const ACTIVITY_OBJECT_FIELDS = 'activity_object_fields';

/** Thrown when the insert disagrees with the guard's read; the runtime then goes event by event. */
export class ActivityBatchConflict extends Error {
  constructor(readonly expected: number, readonly inserted: number) {
    super(`Activity batch inserted ${inserted} of ${expected} rows: an event id was already present`);
    this.name = 'ActivityBatchConflict';
  }
}

/**
 * The activity log's fast path, the same result as `apply` event by event: one query for the
 * remembered fields of every touched object and for the event ids already logged, the pure
 * evolve in memory, one multi-row insert (arrays bound as parameters) and one upsert.
 */
export async function applyActivityBatch(client: PoolClient, events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void> {
  const log = ctx.tables(ACTIVITY_LOG);
  const fieldsTable = ctx.tables(ACTIVITY_OBJECT_FIELDS);
  const described = events.map((event) => ({ event, description: ctx.catalogue.get(event.type, event.eventId).describe(event.data) }));
  const touched = new Map<string, { kind: string; id: string }>();
  for (const { description } of described) touched.set(objectKey(description.object.kind, description.object.id), description.object);
  const objects = [...touched.values()];

  const loaded = await client.query<{ object_kind: string | null; object_id: string | null; fields: ObjectFields | null; event_id: string | null }>(
    `SELECT f.object_kind, f.object_id, f.fields, NULL::uuid AS event_id
       FROM ${fieldsTable} f
       JOIN unnest($1::text[], $2::text[]) AS o(kind, id) ON f.object_kind = o.kind AND f.object_id = o.id
     UNION ALL
     SELECT NULL, NULL, NULL, l.event_id FROM ${log} l WHERE l.event_id = ANY($3::uuid[])`,
    [objects.map((o) => o.kind), objects.map((o) => o.id), events.map((e) => e.eventId)]);
  const known = new Map<string, ObjectFields>();
  const logged = new Set<string>();
  for (const row of loaded.rows) {
    if (row.event_id !== null) logged.add(row.event_id);
    else if (row.object_kind !== null && row.object_id !== null && row.fields !== null) known.set(objectKey(row.object_kind, row.object_id), row.fields);
  }

  // Per-event-id guard, as in `apply`: an event seen before (or twice here) changes nothing.
  const fresh = described.filter(({ event }) => {
    const id = event.eventId.toLowerCase();
    if (logged.has(id)) return false;
    logged.add(id);
    return true;
  });
  if (fresh.length === 0) return;
  const { rows, objects: after } = evolveActivityBatch(known, fresh);

  await insertRows(client, log, rows);
  const kept = [...after.values()].filter((o) => o.fields !== null);
  const removed = [...after.values()].filter((o) => o.fields === null);
  if (kept.length > 0) {
    await client.query(
      `INSERT INTO ${fieldsTable} (object_kind, object_id, fields)
       SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[])
       ON CONFLICT (object_kind, object_id) DO UPDATE SET fields = EXCLUDED.fields`,
      [kept.map((o) => o.kind), kept.map((o) => o.id), kept.map((o) => JSON.stringify(o.fields))]);
  }
  if (removed.length > 0) {
    await client.query(
      `DELETE FROM ${fieldsTable} f USING unnest($1::text[], $2::text[]) AS o(kind, id)
        WHERE f.object_kind = o.kind AND f.object_id = o.id`,
      [removed.map((o) => o.kind), removed.map((o) => o.id)]);
  }
}

async function insertRows(client: PoolClient, log: string, rows: readonly ActivityRow[]): Promise<void> {
  const inserted = await client.query(
    `INSERT INTO ${log} (event_id, team_id, project_id, list_id, object_kind, object_id, action, event_type,
       actor_kind, actor_id, actor_name, recorded_at, checkpoint, stream_id, stream_version, changes)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::text[], $10::text[], $11::text[], $12::timestamptz[], $13::text[], $14::text[], $15::integer[], $16::jsonb[])
     ON CONFLICT (event_id) DO NOTHING`,
    [rows.map((r) => r.eventId), rows.map((r) => r.teamId), rows.map((r) => r.projectId), rows.map((r) => r.listId),
      rows.map((r) => r.objectKind), rows.map((r) => r.objectId), rows.map((r) => r.action), rows.map((r) => r.eventType),
      rows.map((r) => r.actorKind), rows.map((r) => r.actorId), rows.map((r) => r.actorName), rows.map((r) => r.recordedAt.toISOString()),
      rows.map((r) => r.checkpoint), rows.map((r) => r.streamId), rows.map((r) => r.streamVersion), rows.map((r) => JSON.stringify(r.changes))]);
  // The guard read said none of these was logged; if one was, the event-by-event path decides.
  if (inserted.rowCount !== rows.length) throw new ActivityBatchConflict(rows.length, inserted.rowCount ?? 0);
}
