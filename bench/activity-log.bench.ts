// npx tsx bench/activity-log.bench.ts — activity log reads on a team with 1,000,000 entries
// (ADR 0007): first page and a deep page (90 % down the filtered log, by keyset cursor) of the
// unfiltered and filtered queries, exactly as GET /v5/team/{teamId}/activity runs them. The rows
// are generated with SQL (generate_series), not through the projector. A fresh database on
// DATABASE_URL's server; BENCH_ACTIVITY_ROWS sets the size, BENCH_ACTIVITY_RUNS the repetitions.
import { Pool } from 'pg';
import { ACTIVITY_LOG, activityLogProjection } from '../projector/src/activity/activity-log.projection';
import { activeTable, ensureProjection, migrateProjector } from '../projector/src/runtime/projector-schema';
import { filterConditions, listActivity, retentionCutoff, type ActivityFilter } from '../query-service/src/activity/list-activity.repository';
import { fillActivityLog, SYNTHETIC_TEAM } from '../query-service/src/activity/testing/synthetic-activity';
import { createTestDatabase } from '../scripts/testing/database';
import { median, percentile } from './harness/stats';

const ROWS = Number(process.env.BENCH_ACTIVITY_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_ACTIVITY_RUNS ?? 25);
const PAGE = 50;

const CASES: Record<string, Partial<ActivityFilter>> = {
  'no filter': {},
  project: { project: 'project-7' },
  list: { list: 'list-7-3' },
  person: { person: 'actor-5' },
  kind: { kind: 'item' },
  'event type': { type: 'Type5' },
  'action prefix': { action: 'feature3' },
  'date range': { from: '2025-03-01', to: '2025-09-30' },
  'project + person': { project: 'project-7', person: 'actor-7' },
  'project + kind + range': { project: 'project-7', kind: 'phase', from: '2025-01-01', to: '2025-12-31' },
  // The worst case of "one index, the other filters checked row by row": no row matches, so the
  // whole project (1/60 of the log) is read.
  'project + person, no match': { project: 'project-7', person: 'actor-8' },
  'person + event type': { person: 'actor-5', type: 'Type5' },
  'retention 365 days': { retainedSince: retentionCutoff(365, new Date()) },
};

const ms = (n: number): string => n.toFixed(2);

async function timed(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await run(); // warm the cache: the figures are for a warm server, as in production
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: median(times), p95: percentile(times, 95) };
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    process.stderr.write('DATABASE_URL is not set: point it at a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres\n');
    process.exit(2);
  }
  const database = await createTestDatabase('bench_activity');
  const pool = new Pool({ connectionString: database.url, max: 4 });
  pool.on('error', () => undefined);
  try {
    await migrateProjector(pool);
    await ensureProjection(pool, activityLogProjection);
    const table = await activeTable(pool, activityLogProjection.name, ACTIVITY_LOG);
    const fillStarted = performance.now();
    // Bulk load first, secondary indexes after (as a rebuild does): the same indexes, faster.
    const indexes = await pool.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = $1 AND indexname <> $1 || '_pkey'`, [table]);
    for (const { indexname } of indexes.rows) await pool.query(`DROP INDEX ${indexname}`);
    await fillActivityLog(pool, table, { rows: ROWS, otherTeamRows: Math.round(ROWS / 10) });
    for (const statement of activityLogProjection.createIndexes?.((base) => `${base}_v1`) ?? []) await pool.query(statement);
    await pool.query(`ANALYZE ${table}`);
    process.stdout.write(`filled ${ROWS.toLocaleString('en-US')} rows (+${Math.round(ROWS / 10).toLocaleString('en-US')} of another team) in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s\n\n`);

    const lines = ['| query | matching rows | first page p50 / p95 (ms) | deep page p50 / p95 (ms) |', '|---|---:|---:|---:|'];
    for (const [name, extra] of Object.entries(CASES)) {
      const filter: ActivityFilter = { teamId: SYNTHETIC_TEAM, ...extra };
      const { where, params } = filterConditions(filter);
      const matching = Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE ${where.join(' AND ')}`, params)).rows[0].n);
      // The cursor of the row 90 % down the filtered log, as a client paging that far would hold.
      const deep = await pool.query<{ at: string; id: string }>(
        `SELECT to_json(recorded_at) #>> '{}' AS at, event_id::text AS id FROM ${table} WHERE ${where.join(' AND ')}
          ORDER BY recorded_at DESC, event_id DESC OFFSET ${Math.floor(matching * 0.9)} LIMIT 1`, params);
      const after = deep.rows[0] ? Buffer.from(JSON.stringify([deep.rows[0].at, deep.rows[0].id])).toString('base64url') : undefined;
      const first = await timed(() => listActivity(pool, { ...filter, limit: PAGE }));
      const deepPage = after ? await timed(() => listActivity(pool, { ...filter, limit: PAGE, after })) : null;
      lines.push(`| ${name} | ${matching.toLocaleString('en-US')} | ${ms(first.p50)} / ${ms(first.p95)} | ${deepPage ? `${ms(deepPage.p50)} / ${ms(deepPage.p95)}` : '—'} |`);
    }
    process.stdout.write(`activity log, ${PAGE} entries a page, ${RUNS} runs each (warm)\n\n${lines.join('\n')}\n`);
  } finally {
    await pool.end();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
