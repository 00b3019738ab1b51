import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { allEndpoints } from '@planwerk/events';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { startPlanwerk, type RunningPlanwerk } from './start-planwerk';
import { MATRIX_ITEM, MATRIX_ROLES, MatrixClient, MEMBER_SETUP, type Answer, type MatrixRole } from './testing/access-matrix.fixture';

// The access matrix (security-and-reliability.md, "Access"): every team, membership and link
// endpoint × every role → the expected status, against the whole product with real users.
// Adding an endpoint = adding one row; the last test fails for an endpoint without a row.

interface Context { teamId: string; link: string; client: MatrixClient; pool: Pool }
type Values = Record<string, string>;
interface MatrixRow {
  /** `METHOD /path/{param}` exactly as in allEndpoints. */
  endpoint: string;
  expect: Record<MatrixRole, number>;
  /** Path parameters besides teamId and link, built fresh for each role's call. */
  params?: (ctx: Context, role: MatrixRole) => Values | Promise<Values>;
  body?: (ctx: Context, role: MatrixRole) => unknown | Promise<unknown>;
  /** Puts the team back after a successful call (a member who left joins again, ...). */
  after?: (ctx: Context, role: MatrixRole, answer: Answer) => Promise<void>;
}

const MEMBERS: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'spaceWithout', 'itemWith', 'itemWithout', 'member'];
const ADMINS: readonly MatrixRole[] = ['owner', 'admin'];
// manage_contact is not a full area: listed → 1 (item level with an empty list included).
const CONTACT: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'itemWith', 'itemWithout'];
const USERS: readonly MatrixRole[] = MATRIX_ROLES.filter((role) => role !== 'anonymous');

/** `ok` for the listed roles; anonymous 401; another team's member 404; other members `denied`. */
function allow(ok: number, roles: readonly MatrixRole[], denied = 403, overrides: Partial<Record<MatrixRole, number>> = {}): Record<MatrixRole, number> {
  const result = Object.fromEntries(MATRIX_ROLES.map((role) => [role, roles.includes(role) ? ok : denied])) as Record<MatrixRole, number>;
  if (!roles.includes('anonymous')) result.anonymous = 401;
  if (!roles.includes('otherTeam')) result.otherTeam = 404;
  return { ...result, ...overrides };
}

const PROJECT = '22222222-2222-4222-8222-222222222222';
const linkInvite = (ctx: Context) => ctx.client.ok('owner', 'POST', `/v5/team/${ctx.teamId}/invitations`, { channel: 'link', level: 'member' });
const mailInvite = (ctx: Context) => ctx.client.ok('owner', 'POST', `/v5/team/${ctx.teamId}/invitations`, { channel: 'mail', email: `someone-${randomUUID().slice(0, 8)}@planwerk-test.de`, level: 'member' });
const tokenOf = (invite: { path: string }) => invite.path.split('/').pop();
const targetId = async (ctx: Context): Promise<Values> => {
  const member = await ctx.pool.query("SELECT status FROM team_members WHERE team_id = $1 AND user_id = $2", [ctx.teamId, ctx.client.users.get('target')?.userId]);
  if (member.rows[0]?.status !== 'active') await ctx.client.join('target', ctx.teamId);
  return { userId: ctx.client.users.get('target')?.userId ?? '' };
};
const openApplication = async (ctx: Context): Promise<Values> => {
  const open = await ctx.pool.query<{ application_id: string }>(
    "SELECT application_id::text AS application_id FROM team_applications WHERE team_id = $1 AND status = 'open' LIMIT 1", [ctx.teamId]);
  if (open.rows[0]) return { applicationId: open.rows[0].application_id };
  return { applicationId: (await ctx.client.ok('otherTeam', 'POST', `/v5/team/${ctx.teamId}/applications`)).applicationId };
};
const rejoin = async (ctx: Context, role: MatrixRole, answer: Answer) => {
  if (answer.status < 300) await ctx.client.join(role, ctx.teamId);
};
const otherTeamLeaves = async (ctx: Context, role: MatrixRole, answer: Answer) => {
  if (answer.status < 300) await ctx.client.ok(role, 'POST', `/v5/team/${ctx.teamId}/leave`);
};

const ROWS: readonly MatrixRow[] = [
  // Teams and plans (T1).
  { endpoint: 'POST /v5/team', expect: allow(201, USERS, 201, { owner: 402, otherTeam: 402 }), body: () => ({ name: 'Matrix', link: `mx-${randomUUID().slice(0, 8)}`, type: 'club' }) },
  { endpoint: 'PUT /v5/team/{teamId}', expect: allow(200, ADMINS), body: () => ({ name: 'Matrix-Team' }) },
  { endpoint: 'PUT /v5/team/{teamId}/plan', expect: allow(200, ['owner']), body: () => ({ action: 'change', plan: 'free' }) },
  // The owner passes access; the team is not blocked, so the rule answers 409.
  { endpoint: 'PUT /v5/team/{teamId}/unlock', expect: allow(409, ['owner']), body: () => ({ projectId: PROJECT }) },
  { endpoint: 'POST /v5/team/{teamId}/active-projects', expect: allow(200, ADMINS), body: () => ({ projectId: PROJECT }) },
  { endpoint: 'DELETE /v5/team/{teamId}/active-projects/{projectId}', expect: allow(200, ADMINS), params: () => ({ projectId: PROJECT }) },
  { endpoint: 'GET /v5/team/{link}', expect: allow(200, MEMBERS) },
  { endpoint: 'GET /v5/team/setup/{teamId}', expect: allow(200, ADMINS) },
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
  // Following a shared team link is open to every signed-in user (link entry with team flag 0).
  { endpoint: 'POST /v5/user/link', expect: allow(200, USERS), body: (ctx) => ({ obj: 'link_cc', id: ctx.teamId }) },
  { endpoint: 'DELETE /v5/user/link', expect: allow(200, USERS, 200), body: (ctx) => ({ obj: 'link_cc', id: ctx.teamId, force: true }) },
];

function fill(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
}

describe('access matrix rows', () => {
  it('has a row for every team, membership and user-link endpoint', () => {
    const covered = new Set(ROWS.map((row) => row.endpoint));
    const missing = allEndpoints
      .filter((endpoint) => endpoint.path.startsWith('/v5/team') || endpoint.path.startsWith('/v5/user/link') || endpoint.path.startsWith('/v5/invite') || endpoint.path.startsWith('/v5/account/invite'))
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`)
      .filter((route) => !covered.has(route));
    expect(missing).toEqual([]);
  });

  it('names only declared endpoints', () => {
    const declared = new Set(allEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    expect(ROWS.map((row) => row.endpoint).filter((route) => !declared.has(route))).toEqual([]);
  });
});

describeWith('postgres', 'access matrix (every team endpoint × role)', () => {
  let db: TestDatabase;
  let running: RunningPlanwerk;
  let ctx: Context;

  beforeAll(async () => {
    db = await createTestDatabase('access_matrix');
    running = await startPlanwerk({ port: 0, host: '127.0.0.1', databaseUrl: db.url, dataDir: mkdtempSync(join(tmpdir(), 'planwerk-matrix-')), webRoot: null });
    const pool = new Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => undefined);
    const client = new MatrixClient(running.url);
    for (const role of [...USERS, 'target' as const]) await client.register(role, pool);
    const team = await client.ok('owner', 'POST', '/v5/team', { name: 'Matrix', link: 'matrix-team', type: 'club' });
    await client.ok('otherTeam', 'POST', '/v5/team', { name: 'Andere', link: 'other-team', type: 'club' });
    ctx = { teamId: team.teamId, link: team.link, client, pool };
    for (const role of Object.keys(MEMBER_SETUP) as MatrixRole[]) await client.join(role, ctx.teamId);
  }, 120_000);

  afterAll(async () => {
    await ctx?.pool.end();
    await running?.stop();
    await db?.drop();
  });

  it.each(ROWS.map((row) => [row.endpoint, row] as const))('%s', async (_, row) => {
    const actual: Partial<Record<MatrixRole, number>> = {};
    for (const role of MATRIX_ROLES) {
      const params = { teamId: ctx.teamId, link: ctx.link, ...(row.params ? await row.params(ctx, role) : {}) };
      const body = await row.body?.(ctx, role);
      const [method, template] = row.endpoint.split(' ') as [string, string];
      const answer = await ctx.client.call(role, method, fill(template, params), body);
      actual[role] = answer.status;
      await row.after?.(ctx, role, answer);
    }
    expect(actual).toEqual(row.expect);
  }, 60_000);
});
