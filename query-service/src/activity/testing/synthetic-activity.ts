import type { Pool } from 'pg';

export const SYNTHETIC_TEAM = '5e000000-0000-4000-8000-000000000001';
export const SYNTHETIC_OTHER_TEAM = '5e000000-0000-4000-8000-000000000002';

/**
 * Fills the live activity log with generated rows (SQL, generate_series — not through the
 * projector), shaped like real traffic: 60 projects with 8 lists each, 40 actors, 6 object
 * kinds, 24 event types in 8 features, two years of timestamps. Used by the index checks and
 * the benchmark.
 */
export async function fillActivityLog(pool: Pool, table: string, options: { rows: number; otherTeamRows?: number; team?: string }): Promise<void> {
  const insert = (team: string, rows: number, offset: number) => pool.query(
    `INSERT INTO ${table} (event_id, team_id, project_id, list_id, object_kind, object_id, action, event_type,
       actor_kind, actor_id, actor_name, recorded_at, checkpoint, stream_id, stream_version, changes)
     SELECT overlay(overlay(md5(g::text || $2) placing '4' from 13) placing '8' from 17)::uuid, $2,
            CASE WHEN g % 10 = 0 THEN NULL ELSE 'project-' || (g % 60) END,
            CASE WHEN g % 10 = 0 THEN NULL ELSE 'list-' || (g % 60) || '-' || (g % 8) END,
            (ARRAY['project','phase','list','item','signup','comment'])[1 + g % 6],
            'obj-' || (g % 5000),
            'feature' || (g % 8) || '.verb' || (g % 3),
            'Type' || (g % 24),
            CASE WHEN g % 17 = 0 THEN 'anonymous' ELSE 'user' END,
            'actor-' || (g % 40),
            NULL,
            timestamptz '2024-07-01 00:00:00+00' + (g * interval '1 second') * (63072000.0 / $1),
            lpad((g + $3)::text, 20, '0') || '-' || lpad((g + $3)::text, 20, '0'),
            'stream-' || (g % 5000), 1 + g / 5000,
            jsonb_build_array(jsonb_build_object('field', 'name', 'before', 'n' || (g - 1), 'after', 'n' || g))
       FROM generate_series(1, $1) AS g`,
    [rows, team, offset]);
  await insert(options.team ?? SYNTHETIC_TEAM, options.rows, 0);
  if (options.otherTeamRows) await insert(SYNTHETIC_OTHER_TEAM, options.otherTeamRows, options.rows);
  await pool.query(`ANALYZE ${table}`);
}
