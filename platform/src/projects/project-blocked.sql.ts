import type { Queryable } from '../store/postgres/append-events';
import { PLANS, type Plan, limitsOf, teamStreamId } from '@planwerk/events';

// Blocked projects (ADR 0005/0006): when a team's plan lapsed (or was lowered) and the owner
// kept one project (`UnlockTeam`), the other projects stay at status 1 but their active-project
// slots were released with reason `unlock`. Such a project is blocked while the team's plan
// still limits active projects; a paid plan again unblocks it (ADR 0005). Everything read here
// is written in the team's append transaction (the inline `team_active_projects` and `teams`,
// and the team stream itself), so this authorization read never lags.

/** What the rule decides on; a reader that fetches them in a statement of its own (the project view) decides with `projectBlockedBy`. */
export interface ProjectBlockFacts {
  status: number;
  /** The project holds an active-project slot (`team_active_projects`). */
  holdsSlot: boolean;
  /** The team's plan and lapse; null when the team is unknown. */
  plan: string | null;
  planLapsed: boolean | null;
  /** The last slot event of the project on the team stream, and its reason. */
  lastType: string | null;
  lastReason: string | null;
}

/** The rule itself, on facts read elsewhere. */
export function projectBlockedBy(facts: ProjectBlockFacts): boolean {
  if (facts.status !== 1 || facts.holdsSlot) return false;
  if (facts.plan === null || !isPlan(facts.plan)) return false;
  if (limitsOf({ plan: facts.plan, lapsed: facts.planLapsed === true }).activeProjects === null) return false;
  return facts.lastType === 'ActiveProjectSlotReleased' && facts.lastReason === 'unlock';
}

/** True when the project is active (status 1) but lost its slot to an unlock and the plan still limits active projects. */
export async function isProjectBlocked(db: Queryable, project: { teamId: string; projectId: string; status: number }): Promise<boolean> {
  if (project.status !== 1) return false;
  // The common case: an active project holds its slot.
  const slot = await db.query('SELECT 1 FROM team_active_projects WHERE team_id = $1::uuid AND project_id = $2::uuid', [project.teamId, project.projectId]);
  if ((slot.rowCount ?? 0) > 0) return false;
  const result = await db.query<{ plan: string; plan_lapsed: boolean; last_type: string | null; last_reason: string | null }>(
    `SELECT t.plan, t.plan_lapsed, last.type AS last_type, last.reason AS last_reason
       FROM teams t
       LEFT JOIN LATERAL (
         SELECT e.type, e.data->>'reason' AS reason FROM events e
          WHERE e.stream_id = $2 AND e.type IN ('ActiveProjectSlotClaimed', 'ActiveProjectSlotReleased') AND e.data->>'projectId' = $3
          ORDER BY e.stream_position DESC LIMIT 1
       ) last ON true
      WHERE t.team_id = $1::uuid`,
    [project.teamId, teamStreamId(project.teamId), project.projectId],
  );
  const row = result.rows[0];
  if (!row) return false;
  return projectBlockedBy({ status: project.status, holdsSlot: false, plan: row.plan, planLapsed: row.plan_lapsed, lastType: row.last_type, lastReason: row.last_reason });
}

function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}
