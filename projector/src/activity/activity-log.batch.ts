import type { PoolClient } from 'pg';
import type { ActivityDescription, RecordedEvent } from '@planwerk/events';
import { type CopyValue, copyRows, startCopy } from '../runtime/copy-rows';
import { KeyFilter } from '../runtime/key-filter';
import type { ProjectionContext } from '../runtime/projection';
import { type ActivityBatchResult, type ActivityRow, erasedPerson, evolveActivityBatch, objectKey, type ObjectFields, withoutPersonalFields } from './activity-log.evolve';
import { scrubErasedPerson } from './activity-log.erasure';

export const ACTIVITY_LOG = 'activity_log';
export const ACTIVITY_OBJECT_FIELDS = 'activity_object_fields';

type Described = { event: RecordedEvent; description: ActivityDescription };

const LOG_COLUMNS = [
  'event_id', 'team_id', 'project_id', 'list_id', 'object_kind', 'object_id', 'action', 'event_type',
  'actor_kind', 'actor_id', 'actor_name', 'recorded_at', 'checkpoint', 'stream_id', 'stream_version', 'changes',
] as const;
const FIELDS_COLUMNS = ['object_kind', 'object_id', 'fields'] as const;

/** The columns of `activity_log` under the names of `ActivityRow`, for whoever reads the log. */
export const ACTIVITY_LOG_COLUMNS = `event_id AS "eventId", team_id AS "teamId", project_id AS "projectId", list_id AS "listId",
  object_kind AS "objectKind", object_id AS "objectId", action, event_type AS "eventType", actor_kind AS "actorKind",
  actor_id AS "actorId", actor_name AS "actorName", recorded_at AS "recordedAt", checkpoint, stream_id AS "streamId",
  stream_version AS "streamVersion", changes`;
const UNIQUE_VIOLATION = '23505';
const OBJECTS_WRITTEN = 'activity-log:objects-written';

/**
 * The activity log's fast path, the same result as `apply` event by event: one query for the
 * remembered fields of every touched object (none for objects this writer knows it never wrote,
 * see `writtenObjects`), the pure evolve in memory with its rows streaming into the log by COPY,
 * then the objects first seen here written by COPY and known ones updated in one statement.
 *
 * No per-event-id read first: the checkpoint compare-and-set (projector rule 1) means the log
 * holds none of a batch's events, so the primary key is the guard. When it does hold one (a
 * batch replayed over rows already there), COPY fails on the key, the batch rolls back to its
 * own savepoint and is done again with the event ids read first, skipping those logged.
 */
export async function applyActivityBatch(client: PoolClient, events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void> {
  // Per-event-id guard within the batch, as in `apply`: an event seen twice here changes nothing the second time.
  const seen = new Set<string>();
  const described: Described[] = [];
  for (const event of events) {
    const id = event.eventId.toLowerCase();
    if (seen.has(id)) continue;
    seen.add(id);
    described.push({ event, description: describeForLog(event, ctx) });
  }
  // Objects this writer never wrote into a version it filled from empty are not there: no read.
  const written = writtenObjects(ctx);
  const unwritten = new Set<string>();
  if (written) {
    for (const { description: { object } } of described) {
      const key = objectKey(object.kind, object.id);
      if (!written.mightContain(key)) unwritten.add(key);
    }
    for (const key of unwritten) written.add(key);
  }
  await client.query('SAVEPOINT planwerk_activity_copy');
  try {
    await applyDescribed(client, ctx, described, null, unwritten);
    return;
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
    await client.query('ROLLBACK TO SAVEPOINT planwerk_activity_copy');
  }
  await applyDescribed(client, ctx, described, [...seen], new Set());
}

/**
 * The objects written into this version by this writer, when it fills the version alone from
 * empty (`ProjectionContext.memo`); null otherwise. `apply` adds to it as the batch path does.
 */
export function writtenObjects(ctx: ProjectionContext): KeyFilter | null {
  if (!ctx.memo) return null;
  const kept = ctx.memo.get(OBJECTS_WRITTEN);
  if (kept instanceof KeyFilter) return kept;
  const filter = new KeyFilter();
  ctx.memo.set(OBJECTS_WRITTEN, filter);
  return filter;
}

/** The event's description without its personal fields (see `withoutPersonalFields`). */
export function describeForLog(event: RecordedEvent, ctx: ProjectionContext): ActivityDescription {
  const definition = ctx.catalogue.get(event.type, event.eventId);
  return withoutPersonalFields(definition.describe(event.data), definition.personalFields);
}

// `guardIds`: the event ids to look up first (those already logged are skipped); null when the
// primary key is left to catch them. `unwritten`: object keys known to be absent, not read.
async function applyDescribed(
  client: PoolClient, ctx: ProjectionContext, described: readonly Described[], guardIds: readonly string[] | null, unwritten: ReadonlySet<string>,
): Promise<void> {
  const log = ctx.tables(ACTIVITY_LOG);
  const fieldsTable = ctx.tables(ACTIVITY_OBJECT_FIELDS);
  const { known, logged } = await loadKnown(client, log, fieldsTable, described.map((step) => step.description.object), guardIds, unwritten);
  const fresh = logged.size === 0 ? described : described.filter(({ event }) => !logged.has(event.eventId.toLowerCase()));
  if (fresh.length === 0) return;
  // An erasure scrubs the rows before it, as event by event: the batch is cut after each one.
  // The fields read above hold for the first segment; later ones read again what the earlier wrote.
  let start = 0;
  for (let i = 0; i < fresh.length; i += 1) {
    const person = erasedPerson(fresh[i].event);
    if (person === null && i < fresh.length - 1) continue;
    const segment = fresh.slice(start, i + 1);
    const segmentKnown = start === 0 ? known : (await loadKnown(client, log, fieldsTable, segment.map((step) => step.description.object), null, new Set())).known;
    start = i + 1;
    await writeSegment(client, log, fieldsTable, segmentKnown, segment);
    if (person !== null) await scrubErasedPerson(client, log, fieldsTable, person, fresh[i].event.eventId);
  }
}

// One primary-key probe per key (LATERAL … LIMIT 1 keeps the planner from it): with thousands of
// keys a plain join or `= ANY` is planned as a hash over a scan of the whole table, which makes
// every batch cost as much as the table is large (EXPLAIN ANALYZE, 95k rows: 114 ms vs 23 ms).
async function loadKnown(
  client: PoolClient, log: string, fieldsTable: string, objects: readonly { kind: string; id: string }[],
  guardIds: readonly string[] | null, unwritten: ReadonlySet<string>,
): Promise<{ known: Map<string, ObjectFields>; logged: Set<string> }> {
  const unique = new Map<string, { kind: string; id: string }>();
  for (const object of objects) {
    const key = objectKey(object.kind, object.id);
    if (!unwritten.has(key)) unique.set(key, object);
  }
  const list = [...unique.values()];
  if (list.length === 0 && guardIds === null) return { known: new Map(), logged: new Set() };
  const byFields = `SELECT o.kind AS object_kind, o.id AS object_id, f.fields, NULL::uuid AS event_id
       FROM unnest($1::text[], $2::text[]) AS o(kind, id)
       CROSS JOIN LATERAL (SELECT fields FROM ${fieldsTable} WHERE object_kind = o.kind AND object_id = o.id LIMIT 1) f`;
  const byIds = `SELECT NULL, NULL, NULL, l.event_id
       FROM unnest($3::uuid[]) AS e(id)
       CROSS JOIN LATERAL (SELECT event_id FROM ${log} WHERE event_id = e.id LIMIT 1) l`;
  const kinds = list.map((o) => o.kind);
  const ids = list.map((o) => o.id);
  const loaded = await client.query<{ object_kind: string | null; object_id: string | null; fields: ObjectFields | null; event_id: string | null }>(
    guardIds === null ? byFields : `${byFields} UNION ALL ${byIds}`, guardIds === null ? [kinds, ids] : [kinds, ids, guardIds]);
  const known = new Map<string, ObjectFields>();
  const logged = new Set<string>();
  for (const row of loaded.rows) {
    if (row.event_id !== null) logged.add(row.event_id);
    else if (row.object_kind !== null && row.object_id !== null && row.fields !== null) known.set(objectKey(row.object_kind, row.object_id), row.fields);
  }
  return { known, logged };
}

async function writeSegment(
  client: PoolClient, log: string, fieldsTable: string, known: ReadonlyMap<string, ObjectFields>, segment: readonly Described[],
): Promise<void> {
  // The rows stream into the log while the next ones are made.
  const copy = startCopy(client, log, LOG_COLUMNS);
  let after: ActivityBatchResult['objects'];
  try {
    after = evolveActivityBatch(known, segment, (row) => copy.write(logRow(row))).objects;
  } catch (error) {
    await copy.abort(error);
    throw error;
  }
  await copy.end();

  // Objects the read above did not find are new: COPY, as the rows. Known ones are updated.
  const created: [string, string, ObjectFields][] = [];
  const updated: { kind: string; id: string; fields: ObjectFields }[] = [];
  const removed: { kind: string; id: string }[] = [];
  for (const [key, object] of after) {
    if (object.fields === null) removed.push(object);
    else if (known.has(key)) updated.push({ kind: object.kind, id: object.id, fields: object.fields });
    else created.push([object.kind, object.id, object.fields]);
  }
  await copyRows(client, fieldsTable, FIELDS_COLUMNS, created);
  if (updated.length > 0) {
    await client.query(
      `INSERT INTO ${fieldsTable} (object_kind, object_id, fields)
       SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[])
       ON CONFLICT (object_kind, object_id) DO UPDATE SET fields = EXCLUDED.fields`,
      [updated.map((o) => o.kind), updated.map((o) => o.id), updated.map((o) => JSON.stringify(o.fields))]);
  }
  if (removed.length > 0) {
    await client.query(
      `DELETE FROM ${fieldsTable} f USING unnest($1::text[], $2::text[]) AS o(kind, id)
        WHERE f.object_kind = o.kind AND f.object_id = o.id`,
      [removed.map((o) => o.kind), removed.map((o) => o.id)]);
  }
}

// In LOG_COLUMNS order. `recordedAt` goes as ISO 8601, which timestamptz reads back exactly.
function logRow(row: ActivityRow): CopyValue[] {
  return [
    row.eventId, row.teamId, row.projectId, row.listId, row.objectKind, row.objectId, row.action, row.eventType,
    row.actorKind, row.actorId, row.actorName, row.recordedAt, row.checkpoint, row.streamId, row.streamVersion, row.changes,
  ];
}
