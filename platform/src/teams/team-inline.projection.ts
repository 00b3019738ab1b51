import { LIMITS, type TeamEvent } from '@planwerk/events';
import type { Queryable } from '../store/postgres/append-events';

/**
 * Applies team events to `teams`, `team_members` (the owner's row) and `team_active_projects`.
 * Called inside the append's transaction (ADR 0005); uses only event data, so it can rebuild
 * too. `versionBefore` is the stream's version before the first event; an event at or below
 * the stored version is skipped, so a replay changes nothing.
 */
export async function projectTeamEvents(db: Queryable, events: readonly TeamEvent[], versionBefore: number): Promise<void> {
  for (const [index, event] of events.entries()) await projectOne(db, event, versionBefore + index + 1);
}

async function projectOne(db: Queryable, event: TeamEvent, version: number): Promise<void> {
  if (event.type === 'TeamCreated') {
    const d = event.data;
    const inserted = await db.query(
      `INSERT INTO teams (team_id, link, name, type, plan, logo_url, design, settings, owner_id, created_at, version)
       VALUES ($1, $2, $3, $4, 'free', $5, $6, $7, $8, $9, $10) ON CONFLICT (team_id) DO NOTHING`,
      [d.teamId, d.link, d.name, d.type, d.logoUrl, JSON.stringify(d.design), JSON.stringify(d.settings), d.ownerId, d.createdAt, version],
    );
    if (inserted.rowCount === 0) return;
    // The creator is the owner: level owner, team flag 2 (spec section 3).
    await db.query(
      `INSERT INTO team_members (team_id, user_id, level, flag, access, status, joined_at)
       VALUES ($1, $2, 'owner', 2, '{}', 'active', $3)
       ON CONFLICT (team_id, user_id) DO UPDATE SET level = 'owner', flag = 2, status = 'active'`,
      [d.teamId, d.ownerId, d.createdAt],
    );
    return;
  }
  const teamId = event.data.teamId;
  const claimed = await db.query('UPDATE teams SET version = $2 WHERE team_id = $1 AND version < $2', [teamId, version]);
  if (claimed.rowCount === 0) return;
  switch (event.type) {
    case 'TeamSettingsChanged': {
      const d = event.data;
      await db.query(
        `UPDATE teams SET name = COALESCE($2, name),
           logo_url = CASE WHEN $3::boolean THEN $4 ELSE logo_url END,
           design = COALESCE($5::jsonb, design), settings = COALESCE($6::jsonb, settings)
         WHERE team_id = $1`,
        [teamId, d.name ?? null, d.logoUrl !== undefined, d.logoUrl ?? null,
          d.design ? JSON.stringify(d.design) : null, d.settings ? JSON.stringify(d.settings) : null],
      );
      return;
    }
    case 'TeamPlanChanged':
      await db.query('UPDATE teams SET plan = $2, plan_lapsed = false, pro = ($2 = \'pro\') WHERE team_id = $1', [teamId, event.data.to]);
      return refreshBlocked(db, teamId);
    case 'TeamPlanLapsed':
      await db.query('UPDATE teams SET plan_lapsed = true, pro = false WHERE team_id = $1', [teamId]);
      return refreshBlocked(db, teamId);
    case 'ActiveProjectSlotClaimed':
      await db.query(
        'INSERT INTO team_active_projects (team_id, project_id, claimed_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [teamId, event.data.projectId, event.data.claimedAt],
      );
      return refreshBlocked(db, teamId);
    case 'ActiveProjectSlotReleased':
      await db.query('DELETE FROM team_active_projects WHERE team_id = $1 AND project_id = $2', [teamId, event.data.projectId]);
      return refreshBlocked(db, teamId);
    case 'TeamUnblocked':
      return refreshBlocked(db, teamId);
    default:
      return assertNever(event);
  }
}

// Blocked (spec section 4): a team counting as free (plan free or lapsed) with more active
// projects than the free plan allows.
async function refreshBlocked(db: Queryable, teamId: string): Promise<void> {
  await db.query(
    `UPDATE teams t SET blocked = (t.plan = 'free' OR t.plan_lapsed)
       AND (SELECT count(*) FROM team_active_projects a WHERE a.team_id = t.team_id) > $2
     WHERE t.team_id = $1`,
    [teamId, LIMITS.freeActiveProjects],
  );
}

function assertNever(value: never): never {
  throw new Error(`Unexpected team event ${JSON.stringify(value)}`);
}
