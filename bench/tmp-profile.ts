import { Pool } from 'pg';
import { createEventCatalogue, createPostgresEventStore, migrateEventStore } from '../events/src/index';
import { activityLogProjection } from '../projector/src/activity/activity-log.projection';
import { applyEvents } from '../projector/src/runtime/commit-batch';
import { migrateProjector, ensureProjection } from '../projector/src/runtime/projector-schema';
import { feedbackVoted } from '../projector/src/runtime/testing/projector-test-kit';
import { createTestDatabase } from '../scripts/testing/database';
async function main() {
  const db = await createTestDatabase('prof');
  const pool = new Pool({ connectionString: db.url, max: 8 });
  const store = createPostgresEventStore({ pool });
  const catalogue = createEventCatalogue();
  await migrateEventStore(pool); await migrateProjector(pool);
  for (let i = 0; i < 200; i++) await store.append(`f-${i}`, Array.from({ length: 100 }, () => feedbackVoted(1, 'x')));
  await ensureProjection(pool, activityLogProjection);
  if (process.env.NOIDX) for (const i of ['team','project','list','actor','kind','object']) await pool.query(`DROP INDEX activity_log_v1_${i}_idx`);
  let after: string | null = null;
  const t = { read: 0, parse: 0 } as Record<string, number>;
  const client = await pool.connect();
  const orig = client.query.bind(client) as any;
  (client as any).query = async (...args: any[]) => { const s = performance.now(); try { return await orig(...args); } finally { const k = String(typeof args[0] === 'string' ? args[0] : args[0].text).trim().slice(0, 30); t[k] = (t[k] ?? 0) + performance.now() - s; } };
  for (;;) {
    let s = performance.now();
    const slice = await store.readAll({ after, maxCount: 5000 });
    t.read += performance.now() - s;
    if (slice.events.length === 0) break;
    s = performance.now();
    for (const e of slice.events) catalogue.parse(e);
    t.parse += performance.now() - s;
    s = performance.now();
    await client.query('BEGIN');
    await applyEvents(client, { projection: activityLogProjection, version: 1, catalogue, skipped: new Set() }, slice.events);
    await client.query('COMMIT');
    t.apply = (t.apply ?? 0) + performance.now() - s;
    after = slice.events[slice.events.length - 1].checkpoint;
  }
  if (process.env.NOIDX) { const s = performance.now(); const newest='recorded_at DESC, event_id DESC'; const log='activity_log_v1';
    for (const q of [`CREATE INDEX ON ${log} (team_id, ${newest})`, `CREATE INDEX ON ${log} (team_id, project_id, ${newest}) WHERE project_id IS NOT NULL`, `CREATE INDEX ON ${log} (team_id, list_id, ${newest}) WHERE list_id IS NOT NULL`, `CREATE INDEX ON ${log} (team_id, actor_id, ${newest})`, `CREATE INDEX ON ${log} (team_id, object_kind, ${newest})`, `CREATE INDEX ON ${log} (object_kind, object_id, ${newest})`]) await pool.query(q);
    t.index = performance.now() - s; }
  console.log(t);
  client.release(); await store.close(); await pool.end(); await db.drop();
}
main();
