import { randomUUID } from 'node:crypto';
import { TEAM_AGREEMENT_VERSION } from '@planwerk/events';
import { MATRIX_ITEM, type Answer, type MatrixRole } from './access-matrix.fixture';
import { ADMINS, allow, MEMBERS, USERS, type MatrixContext, type MatrixRow, type Values } from './access-matrix.rows';

// Rows of the access matrix for teams and plans (T1), membership (T2) and user links (T3).

// manage_contact is not a full area: listed → 1 (item level with an empty list included).
const CONTACT: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'itemWith', 'itemWithout'];

const PROJECT = '22222222-2222-4222-8222-222222222222';
const linkInvite = (ctx: MatrixContext) => ctx.client.ok('owner', 'POST', `/v5/team/${ctx.teamId}/invitations`, { channel: 'link', level: 'member' });
const mailInvite = (ctx: MatrixContext) => ctx.client.ok('owner', 'POST', `/v5/team/${ctx.teamId}/invitations`, { channel: 'mail', email: `someone-${randomUUID().slice(0, 8)}@planwerk-test.de`, level: 'member' });
const tokenOf = (invite: { path: string }) => invite.path.split('/').pop();
const targetId = async (ctx: MatrixContext): Promise<Values> => {
  const member = await ctx.pool.query("SELECT status FROM team_members WHERE team_id = $1 AND user_id = $2", [ctx.teamId, ctx.client.users.get('target')?.userId]);
  if (member.rows[0]?.status !== 'active') await ctx.client.join('target', ctx.teamId);
  return { userId: ctx.client.users.get('target')?.userId ?? '' };
};
const openApplication = async (ctx: MatrixContext): Promise<Values> => {
  const open = await ctx.pool.query<{ application_id: string }>(
    "SELECT application_id::text AS application_id FROM team_applications WHERE team_id = $1 AND status = 'open' LIMIT 1", [ctx.teamId]);
  if (open.rows[0]) return { applicationId: open.rows[0].application_id };
  return { applicationId: (await ctx.client.ok('otherTeam', 'POST', `/v5/team/${ctx.teamId}/applications`)).applicationId };
};
const rejoin = async (ctx: MatrixContext, role: MatrixRole, answer: Answer) => {
  if (answer.status < 300) await ctx.client.join(role, ctx.teamId);
};
const otherTeamLeaves = async (ctx: MatrixContext, role: MatrixRole, answer: Answer) => {
  if (answer.status < 300) await ctx.client.ok(role, 'POST', `/v5/team/${ctx.teamId}/leave`);
};

export const TEAM_ROWS: readonly MatrixRow[] = [
  // Teams and plans (T1).
  { endpoint: 'POST /v5/team', expect: allow(201, USERS, 201, { owner: 402, otherTeam: 402 }), body: () => ({ name: 'Matrix', link: `mx-${randomUUID().slice(0, 8)}`, type: 'club' }) },
  { endpoint: 'PUT /v5/team/{teamId}', expect: allow(200, ADMINS), body: () => ({ name: 'Matrix-Team' }) },
  { endpoint: 'PUT /v5/team/{teamId}/plan', expect: allow(200, ['owner']), body: () => ({ action: 'change', plan: 'free' }) },
  // The owner passes access; the team is not blocked, so the rule answers 409.
  { endpoint: 'PUT /v5/team/{teamId}/unlock', expect: allow(409, ['owner']), body: () => ({ projectId: PROJECT }) },
  // The owner and admins pass access; the slot endpoints decide the project too, and an id that
  // is no project of the team answers 404 (issue 12).
  { endpoint: 'POST /v5/team/{teamId}/active-projects', expect: allow(404, ADMINS), body: () => ({ projectId: PROJECT }) },
  { endpoint: 'DELETE /v5/team/{teamId}/active-projects/{projectId}', expect: allow(404, ADMINS), params: () => ({ projectId: PROJECT }) },
  { endpoint: 'GET /v5/team/{link}', expect: allow(200, MEMBERS) },
  { endpoint: 'GET /v5/team/setup/{teamId}', expect: allow(200, ADMINS) },
  // The data-processing agreement (settings/admin/{ccLink}): owner and admin; the first call
  // accepts, the rest answer changed: false.
  { endpoint: 'GET /v5/team/{teamId}/agreement', expect: allow(200, ADMINS) },
  { endpoint: 'POST /v5/team/{teamId}/agreement', expect: allow(200, ADMINS), body: () => ({ version: TEAM_AGREEMENT_VERSION }) },
  // Writing to the operator (settings/admin/contact): owner and admin.
  { endpoint: 'POST /v5/team/{teamId}/support', expect: allow(200, ADMINS), body: () => ({ subject: 'Rechnung', message: 'Bitte schicken Sie die Rechnung noch einmal.' }) },
  // Membership (T2).
  { endpoint: 'POST /v5/team/{teamId}/invitations', expect: allow(201, CONTACT), body: () => ({ channel: 'link', level: 'member' }) },
  { endpoint: 'DELETE /v5/team/{teamId}/invitations/{inviteId}', expect: allow(200, CONTACT), params: async (ctx) => ({ inviteId: (await linkInvite(ctx)).inviteId }) },
  { endpoint: 'GET /v5/team/{teamId}/invitations', expect: allow(200, CONTACT) },
  // A mail invitation is for its address only: everybody else gets the same 404.
  { endpoint: 'POST /v5/invite/{inviteId}/accept', expect: allow(404, USERS, 404), params: async (ctx) => ({ inviteId: (await mailInvite(ctx)).inviteId }) },
  { endpoint: 'POST /v5/invite/{inviteId}/decline', expect: allow(404, USERS, 404), params: async (ctx) => ({ inviteId: (await mailInvite(ctx)).inviteId }) },
  { endpoint: 'POST /v5/account/invite', expect: allow(409, USERS, 409, { otherTeam: 200 }), body: async (ctx) => ({ data: tokenOf(await linkInvite(ctx)) }), after: otherTeamLeaves },
  { endpoint: 'POST /v5/team/{teamId}/applications', expect: allow(409, USERS, 409, { otherTeam: 201 }) },
  { endpoint: 'PUT /v5/team/{teamId}/applications/{applicationId}', expect: allow(200, ADMINS), params: openApplication, body: () => ({ accept: false }) },
  { endpoint: 'GET /v5/team/{teamId}/applications', expect: allow(200, ADMINS) },
  { endpoint: 'POST /v5/team/{teamId}/leave', expect: allow(200, MEMBERS, 403, { owner: 409 }), after: rejoin },
  { endpoint: 'DELETE /v5/team/{teamId}/members/{userId}', expect: allow(200, ADMINS), params: targetId },
  { endpoint: 'PUT /v5/team/{teamId}/members/{userId}/level', expect: allow(200, ADMINS), params: targetId, body: () => ({ level: 'item' }) },
  { endpoint: 'PUT /v5/team/{teamId}/members/{userId}/access', expect: allow(200, ADMINS), params: targetId, body: () => ({ access: { manage_file: [MATRIX_ITEM] } }) },
  { endpoint: 'GET /v5/team/{teamId}/members', expect: allow(200, MEMBERS) },
  // User links (T3): every signed-in user has their own list.
  { endpoint: 'GET /v5/user/link', expect: allow(200, USERS) },
  // A team link tells outsiders nothing (ADR 0005, issue 12): members connect, everybody else
  // gets the 404 of an unknown link, and so has no saved link to disconnect either.
  { endpoint: 'POST /v5/user/link', expect: allow(200, MEMBERS, 404), body: (ctx) => ({ obj: 'link_cc', id: ctx.teamId }) },
  { endpoint: 'DELETE /v5/user/link', expect: allow(200, MEMBERS, 404), body: (ctx) => ({ obj: 'link_cc', id: ctx.teamId, force: true }) },
];
