import {
  ACCESS_AREAS,
  checkAccess,
  DomainError,
  linkAccessLevel,
  type AccessArea,
  type AccessResult,
  userPreferencesSchema,
} from '@planwerk/events';
import { findTeamById } from '@planwerk/platform';
import type { AnyBundleDefinition, BundleContext, BundleDefinition } from './bundle-registry';
import { teamTag, userTag } from './bundle-tags';
import { projectBundle } from './project.bundle';

function requireTeam(context: BundleContext) {
  if (!context.team) throw new Error('A team bundle ran without a resolved team');
  return context.team;
}

function requireUser(context: BundleContext): string {
  if (context.userId === null) throw new DomainError(6011);
  return context.userId;
}

// Team details (spec section 3, "Client/team details"); "client needs team membership" (spec 6).
const client: BundleDefinition<'client'> = {
  name: 'client', login: true, team: true,
  tags: (context) => [teamTag(requireTeam(context).teamId), userTag(requireUser(context))],
  async load(context) {
    const membership = requireTeam(context);
    if (checkAccess(membership.member, { kind: 'team' }) === false) throw new DomainError('no_permission');
    const team = await findTeamById(context.db, membership.teamId);
    if (!team) throw new DomainError('not_found');
    return {
      cc_id: team.teamId, link: team.link, name: team.name, type: team.type,
      design: { ...team.design, logo_url: team.logoUrl }, pro: team.pro, plan: team.plan, blocked: team.blocked,
      set: team.settings,
    };
  },
};

// The signed-in user's link list, as GET /v5/user/link answers it.
const links: BundleDefinition<'links'> = {
  name: 'links', login: true, team: false,
  tags: (context) => [userTag(requireUser(context)), ...context.links.flatMap((e) => (e.cc_id ? [teamTag(e.cc_id)] : []))],
  load: async (context) => ({ links: [...context.links] }),
};

// The caller's access in the team: level, team flag, manage entry, access map and the result of
// the access function for every area (2 full, 1 limited, false none).
const access: BundleDefinition<'access'> = {
  name: 'access', login: true, team: true,
  tags: (context) => [teamTag(requireTeam(context).teamId), userTag(requireUser(context))],
  async load(context) {
    const { teamId, member } = requireTeam(context);
    const level = member ? linkAccessLevel(member.level) : 'others';
    const areas = Object.fromEntries(ACCESS_AREAS.map((area) => [area, checkAccess(member, { kind: 'area', area })])) as Record<AccessArea, AccessResult>;
    return { cc_id: teamId, level, team: member?.flag ?? 0, manage: level === 'owner' || level === 'admin', access: member?.access ?? {}, areas };
  },
};

// The signed-in user's account details readable on the query side (names and address are
// encrypted personal fields: the login answer of the command service carries those).
const user: BundleDefinition<'user'> = {
  name: 'user', login: true, team: false,
  tags: (context) => [userTag(requireUser(context))],
  async load(context) {
    const userId = requireUser(context);
    const rows = await context.db.query<{ login_type: string; social_provider: string | null; activated: boolean; locked: boolean; preferences: unknown; client: string | null }>(
      `SELECT l.login_type, l.social_provider, l.activated, l.locked, p.preferences,
              (SELECT team_id::text FROM teams WHERE owner_id = $1 ORDER BY created_at LIMIT 1) AS client
         FROM account_logins l LEFT JOIN account_preferences p ON p.user_id = l.user_id
        WHERE l.user_id = $1`,
      [userId],
    );
    const row = rows.rows[0];
    if (!row) throw new DomainError(6011);
    return {
      uid: userId, login: true, type: row.social_provider ?? row.login_type, status: row.locked ? 'locked' : row.activated ? 'active' : 'pending',
      client: row.client, settings: row.preferences === null ? null : userPreferencesSchema.parse(row.preferences),
    };
  },
};

/** Every bundle name POST /v5/bundle knows. A feature adds its bundle here. */
export const ALL_BUNDLES: readonly AnyBundleDefinition[] = [client, links, access, user, projectBundle];
