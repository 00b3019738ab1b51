import { Pool } from 'pg';
import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '../scripts/testing/database';
async function main() {
  const db = await createTestDatabase('prof2');
  const pool = new Pool({ connectionString: db.url, max: 2 });
  const mk = (t: string) => pool.query(`CREATE TABLE ${t} (event_id uuid PRIMARY KEY, team_id text, project_id text, list_id text, object_kind text NOT NULL, object_id text NOT NULL, action text NOT NULL, event_type text NOT NULL, actor_kind text NOT NULL, actor_id text NOT NULL, actor_name text, recorded_at timestamptz NOT NULL, checkpoint text NOT NULL, stream_id text NOT NULL, stream_version integer NOT NULL, changes jsonb NOT NULL)`);
  await mk('a'); await mk('b');
  const rows = () => Array.from({ length: 5000 }, (_, i) => ({ eventId: randomUUID(), teamId: 'team-1', projectId: null, listId: null, objectKind: 'feedback', objectId: randomUUID(), action: 'feedback.voted', eventType: 'FeedbackVoted', actorKind: 'user', actorId: 'user-1', actorName: null, recordedAt: new Date(), checkpoint: '000000000000123:0000000000456', streamId: 'feedback-1', streamVersion: i + 1, changes: [{ field: 'vote', before: null, after: 1 }, { field: 'text', before: null, after: 'bench vote 1-2' }, { field: 'href', before: null, after: 'https://planwerk.test/p/1' }] }));
  let ta = 0, tb = 0;
  for (let round = 0; round < 6; round++) {
    let r = rows(); let s = performance.now();
    await pool.query(`INSERT INTO a SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::timestamptz[], $13::text[], $14::text[], $15::integer[], $16::jsonb[])`,
      [r.map((x) => x.eventId), r.map((x) => x.teamId), r.map((x) => x.projectId), r.map((x) => x.listId), r.map((x) => x.objectKind), r.map((x) => x.objectId), r.map((x) => x.action), r.map((x) => x.eventType), r.map((x) => x.actorKind), r.map((x) => x.actorId), r.map((x) => x.actorName), r.map((x) => x.recordedAt.toISOString()), r.map((x) => x.checkpoint), r.map((x) => x.streamId), r.map((x) => x.streamVersion), r.map((x) => JSON.stringify(x.changes))]);
    ta += performance.now() - s;
    r = rows(); s = performance.now();
    await pool.query(`INSERT INTO b SELECT * FROM json_to_recordset($1::json) AS r(event_id uuid, team_id text, project_id text, list_id text, object_kind text, object_id text, action text, event_type text, actor_kind text, actor_id text, actor_name text, recorded_at timestamptz, checkpoint text, stream_id text, stream_version integer, changes jsonb)`,
      [JSON.stringify(r.map((x) => ({ event_id: x.eventId, team_id: x.teamId, project_id: x.projectId, list_id: x.listId, object_kind: x.objectKind, object_id: x.objectId, action: x.action, event_type: x.eventType, actor_kind: x.actorKind, actor_id: x.actorId, actor_name: x.actorName, recorded_at: x.recordedAt, checkpoint: x.checkpoint, stream_id: x.streamId, stream_version: x.streamVersion, changes: x.changes })))]);
    tb += performance.now() - s;
  }
  console.log({ unnest: ta / 30000 * 1000, json: tb / 30000 * 1000, unit: 'us/row' });
  await pool.end(); await db.drop();
}
main();
