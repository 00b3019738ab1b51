import type { Queryable } from '../store/postgres/append-events';
import { type Plan, type TeamSettings, type TeamType } from '@planwerk/events';

// Reads of the inline team tables (ADR 0005), shared by the command side (rule 6010, plan and
// slot answers) and the query side (team details). Membership is read with `loadTeamMembership`.

export interface TeamRow {
  teamId: string;
  link: string;
  name: string;
  type: TeamType;
  plan: Plan;
  planLapsed: boolean;
  pro: boolean;
  blocked: boolean;
  logoUrl: string | null;
  design: Record<string, unknown>;
  settings: TeamSettings;
  ownerId: string;
  version: number;
}

interface RawTeam {
  team_id: string; link: string; name: string; type: TeamType; plan: Plan; plan_lapsed: boolean; pro: boolean;
  blocked: boolean; logo_url: string | null; design: Record<string, unknown>; settings: TeamSettings; owner_id: string; version: number;
}

const TEAM_COLUMNS = 'team_id, link, name, type, plan, plan_lapsed, pro, blocked, logo_url, design, settings, owner_id, version';

function toTeam(row: RawTeam): TeamRow {
  return {
    teamId: row.team_id, link: row.link, name: row.name, type: row.type, plan: row.plan, planLapsed: row.plan_lapsed,
    pro: row.pro, blocked: row.blocked, logoUrl: row.logo_url, design: row.design, settings: row.settings,
    ownerId: row.owner_id, version: row.version,
  };
}

export async function findTeamById(db: Queryable, teamId: string): Promise<TeamRow | null> {
  const rows = await db.query<RawTeam>(`SELECT ${TEAM_COLUMNS} FROM teams WHERE team_id = $1`, [teamId]);
  return rows.rows[0] ? toTeam(rows.rows[0]) : null;
}

/** A team link matches only if found (spec section 5); links are stored lower-cased. */
export async function findTeamByLink(db: Queryable, link: string): Promise<TeamRow | null> {
  const rows = await db.query<RawTeam>(`SELECT ${TEAM_COLUMNS} FROM teams WHERE link = lower($1)`, [link]);
  return rows.rows[0] ? toTeam(rows.rows[0]) : null;
}

/** Plans of the teams a user owns (rule 6010). */
export async function findOwnedTeamPlans(db: Queryable, userId: string): Promise<Array<{ teamId: string; plan: Plan; lapsed: boolean }>> {
  const rows = await db.query<{ team_id: string; plan: Plan; plan_lapsed: boolean }>(
    'SELECT team_id, plan, plan_lapsed FROM teams WHERE owner_id = $1 ORDER BY created_at',
    [userId],
  );
  return rows.rows.map((row) => ({ teamId: row.team_id, plan: row.plan, lapsed: row.plan_lapsed }));
}

/** Projects holding an active slot, oldest claim first. */
export async function findActiveProjects(db: Queryable, teamId: string): Promise<string[]> {
  const rows = await db.query<{ project_id: string }>(
    'SELECT project_id FROM team_active_projects WHERE team_id = $1 ORDER BY claimed_at, project_id',
    [teamId],
  );
  return rows.rows.map((row) => row.project_id);
}
