import type { Projection, TableNames } from '../runtime/projection';
import { ACTIVITY_LOG, ACTIVITY_LOG_COLUMNS, ACTIVITY_OBJECT_FIELDS, applyActivityBatch, describeForLog, writtenObjects } from './activity-log.batch';
import { scrubErasedPerson } from './activity-log.erasure';
import { erasedPerson, evolveActivity, objectKey, type ObjectFields } from './activity-log.evolve';

export { ACTIVITY_LOG, ACTIVITY_LOG_COLUMNS, ACTIVITY_OBJECT_FIELDS };

function createTables(t: TableNames): string[] {
  const log = t(ACTIVITY_LOG);
  const fields = t(ACTIVITY_OBJECT_FIELDS);
  return [
    `CREATE TABLE IF NOT EXISTS ${log} (
       event_id uuid PRIMARY KEY,
       team_id text NULL,
       project_id text NULL,
       list_id text NULL,
       object_kind text NOT NULL,
       object_id text NOT NULL,
       action text NOT NULL,
       event_type text NOT NULL,
       actor_kind text NOT NULL,
       actor_id text NOT NULL,
       actor_name text NULL,
       recorded_at timestamptz NOT NULL,
       checkpoint text NOT NULL,
       stream_id text NOT NULL,
       stream_version integer NOT NULL,
       changes jsonb NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${fields} (
       object_kind text NOT NULL,
       object_id text NOT NULL,
       fields jsonb NOT NULL,
       PRIMARY KEY (object_kind, object_id))`,
  ];
}

function createIndexes(t: TableNames): string[] {
  const log = t(ACTIVITY_LOG);
  // Newest first per team, with keyset pagination on (recorded_at, event_id); one index per filter.
  const newest = 'recorded_at DESC, event_id DESC';
  return [
    `CREATE INDEX IF NOT EXISTS ${log}_team_idx ON ${log} (team_id, ${newest})`,
    `CREATE INDEX IF NOT EXISTS ${log}_project_idx ON ${log} (team_id, project_id, ${newest}) WHERE project_id IS NOT NULL`,
    `CREATE INDEX IF NOT EXISTS ${log}_list_idx ON ${log} (team_id, list_id, ${newest}) WHERE list_id IS NOT NULL`,
    `CREATE INDEX IF NOT EXISTS ${log}_actor_idx ON ${log} (team_id, actor_id, ${newest})`,
    `CREATE INDEX IF NOT EXISTS ${log}_kind_idx ON ${log} (team_id, object_kind, ${newest})`,
    `CREATE INDEX IF NOT EXISTS ${log}_object_idx ON ${log} (object_kind, object_id, ${newest})`,
    // ADR 0007: the event-type filter, "what changed since" (log order within a project, with
    // what the count filters on) and erasure's lookup of visitor names.
    `CREATE INDEX IF NOT EXISTS ${log}_type_idx ON ${log} (team_id, event_type, ${newest})`,
    `CREATE INDEX IF NOT EXISTS ${log}_project_position_idx ON ${log} (team_id, project_id, checkpoint COLLATE "C")
       INCLUDE (actor_id, recorded_at) WHERE project_id IS NOT NULL`,
    `CREATE INDEX IF NOT EXISTS ${log}_named_actor_idx ON ${log} (actor_id) WHERE actor_name IS NOT NULL`,
  ];
}

/** Architecture.md projector rule 5: every event, keyed by event id, with before and after. */
export const activityLogProjection: Projection = {
  name: 'activity-log',
  baseTables: [ACTIVITY_LOG, ACTIVITY_OBJECT_FIELDS],
  createTables,
  createIndexes,
  handles: () => true,
  keys: (event) => (event.metadata.teamId ? [`team:${event.metadata.teamId}`] : []),
  async apply(client, event, ctx) {
    const description = describeForLog(event, ctx);
    const log = ctx.tables(ACTIVITY_LOG);
    const fieldsTable = ctx.tables(ACTIVITY_OBJECT_FIELDS);
    const known = await client.query<{ fields: ObjectFields }>(
      `SELECT fields FROM ${fieldsTable} WHERE object_kind = $1 AND object_id = $2`,
      [description.object.kind, description.object.id]);
    const { row, fields } = evolveActivity(known.rows[0]?.fields ?? null, event, description);
    const inserted = await client.query(
      `INSERT INTO ${log} (event_id, team_id, project_id, list_id, object_kind, object_id, action, event_type,
         actor_kind, actor_id, actor_name, recorded_at, checkpoint, stream_id, stream_version, changes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb)
       ON CONFLICT (event_id) DO NOTHING`,
      [row.eventId, row.teamId, row.projectId, row.listId, row.objectKind, row.objectId, row.action, row.eventType,
        row.actorKind, row.actorId, row.actorName, row.recordedAt, row.checkpoint, row.streamId, row.streamVersion,
        JSON.stringify(row.changes)]);
    // Per-event-id guard: an event seen before changes neither the log nor the remembered fields.
    if (inserted.rowCount !== 1) return;
    writtenObjects(ctx)?.add(objectKey(row.objectKind, row.objectId));
    if (fields === null) {
      await client.query(`DELETE FROM ${fieldsTable} WHERE object_kind = $1 AND object_id = $2`, [row.objectKind, row.objectId]);
    } else {
      await client.query(
        `INSERT INTO ${fieldsTable} (object_kind, object_id, fields) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (object_kind, object_id) DO UPDATE SET fields = EXCLUDED.fields`,
        [row.objectKind, row.objectId, JSON.stringify(fields)]);
    }
    const person = erasedPerson(event);
    if (person !== null) await scrubErasedPerson(client, log, fieldsTable, person, event.eventId);
  },
  applyBatch: applyActivityBatch,
};
