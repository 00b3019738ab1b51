// The one loader of a caller's membership (ADR 0005): both services' access guards and every
// feature that authorizes read `teams` and `team_members` (inline tables, never lagging) here.
import { z } from 'zod';
import type { Queryable } from '../store/postgres/append-events';
import { MEMBER_LEVELS, normalizeAccessMap, type AccessContext, type TeamFlag } from '@planwerk/events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CallerMembership {
  teamId: string;
  link: string;
  ownerId: string;
  /** The caller's active membership; null when they are not (or no longer) in the team. */
  member: (AccessContext & { flag: 0 | 1 | 2 }) | null;
}

const rowSchema = z.object({
  team_id: z.string(),
  link: z.string(),
  owner_id: z.string(),
  level: z.enum(MEMBER_LEVELS).nullable(),
  flag: z.number().int().min(0).max(2).nullable(),
  access: z.record(z.string(), z.array(z.string())).nullable(),
});

/**
 * The team named by `teamRef` (team id or link slug, case-insensitive) and the user's active
 * membership of it; null when no such team exists. `userId` null (anonymous) → member null.
 */
export async function loadTeamMembership(db: Queryable, teamRef: string, userId: string | null): Promise<CallerMembership | null> {
  // PostgreSQL text cannot hold NUL (it would fail the query with a 500); no team is named so.
  if (teamRef.includes('\u0000')) return null;
  const byId = UUID.test(teamRef);
  const result = await db.query(
    `SELECT t.team_id::text AS team_id, t.link, t.owner_id::text AS owner_id, m.level, m.flag::int AS flag, m.access
       FROM teams t
       LEFT JOIN team_members m ON m.team_id = t.team_id AND m.user_id = $3::uuid AND m.status = 'active'
      WHERE t.team_id = $1::uuid OR t.link = lower($2)
      ORDER BY (t.team_id = $1::uuid) DESC NULLS LAST
      LIMIT 1`,
    [byId ? teamRef : null, teamRef, userId !== null && UUID.test(userId) ? userId : null],
  );
  const raw = result.rows[0] as unknown;
  if (raw === undefined) return null;
  const row = rowSchema.parse(raw);
  return {
    teamId: row.team_id,
    link: row.link,
    ownerId: row.owner_id,
    member: row.level === null ? null : {
      level: row.level,
      access: normalizeAccessMap(row.access ?? {}),
      flag: (row.flag ?? 0) as 0 | 1 | 2,
    },
  };
}

/** Spec section 3: team flag 0 none, 1 member, 2 admin (owner and admin). */
export function teamFlagOf(level: AccessContext['level'] | null): TeamFlag {
  if (level === null) return 0;
  return level === 'owner' || level === 'admin' ? 2 : 1;
}
