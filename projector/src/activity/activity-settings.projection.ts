import type { Projection, TableNames } from '../runtime/projection';
import { erasedPerson } from './activity-log.evolve';

export const ACTIVITY_RETENTION = 'activity_retention';
export const ACTIVITY_READ_POSITIONS = 'activity_read_positions';

function createTables(t: TableNames): string[] {
  return [
    // `days` null: the team keeps everything. `version`: the stream version last applied.
    `CREATE TABLE IF NOT EXISTS ${t(ACTIVITY_RETENTION)} (
       team_id text PRIMARY KEY,
       days integer NULL,
       version integer NOT NULL)`,
    // A person's read position per project: the log checkpoint up to which they saw the changes.
    `CREATE TABLE IF NOT EXISTS ${t(ACTIVITY_READ_POSITIONS)} (
       user_id text NOT NULL,
       project_id text NOT NULL,
       team_id text NOT NULL,
       position text NOT NULL,
       seen_at timestamptz NOT NULL,
       version integer NOT NULL,
       PRIMARY KEY (user_id, project_id))`,
  ];
}

const HANDLED = new Set(['ActivityRetentionChanged', 'ProjectChangesSeen', 'AccountErased']);

/**
 * The activity log's settings (ADR 0007): each team's retention and each person's read
 * position per project. A projection of its own, so the log's tables keep their shape. Each row
 * has a stream of its own; the version guard makes a replayed older event change nothing.
 */
export const activitySettingsProjection: Projection = {
  name: 'activity-settings',
  baseTables: [ACTIVITY_RETENTION, ACTIVITY_READ_POSITIONS],
  createTables,
  handles: (type) => HANDLED.has(type),
  keys: (event) => (event.metadata.teamId ? [`team:${event.metadata.teamId}`] : []),
  async apply(client, event, ctx) {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'ActivityRetentionChanged':
        await client.query(
          `INSERT INTO ${ctx.tables(ACTIVITY_RETENTION)} AS r (team_id, days, version) VALUES ($1, $2, $3)
           ON CONFLICT (team_id) DO UPDATE SET days = EXCLUDED.days, version = EXCLUDED.version WHERE r.version < EXCLUDED.version`,
          [data.teamId, data.days, event.streamVersion]);
        return;
      case 'ProjectChangesSeen':
        await client.query(
          `INSERT INTO ${ctx.tables(ACTIVITY_READ_POSITIONS)} AS p (user_id, project_id, team_id, position, seen_at, version)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (user_id, project_id) DO UPDATE
             SET team_id = EXCLUDED.team_id, position = EXCLUDED.position, seen_at = EXCLUDED.seen_at, version = EXCLUDED.version
             WHERE p.version < EXCLUDED.version`,
          [data.userId, data.projectId, data.teamId, data.position, data.seenAt, event.streamVersion]);
        return;
      default: {
        // An erased person's read positions go with them.
        const person = erasedPerson(event);
        if (person !== null) await client.query(`DELETE FROM ${ctx.tables(ACTIVITY_READ_POSITIONS)} WHERE user_id = $1`, [person]);
      }
    }
  },
};
