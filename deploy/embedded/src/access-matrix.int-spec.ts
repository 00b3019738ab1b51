import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { allEndpoints } from '@planwerk/events';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { startPlanwerk, type RunningPlanwerk } from './start-planwerk';
import { MATRIX_ROLES, MatrixClient, MEMBER_SETUP, type MatrixRole } from './testing/access-matrix.fixture';
import { ACCOUNT_ROWS } from './testing/access-matrix.account-rows';
import { judge, USERS, type Expected, type MatrixContext, type MatrixRow, type Values } from './testing/access-matrix.rows';
import { TEAM_ROWS } from './testing/access-matrix.team-rows';
import { COMMENT_ROWS } from './testing/access-matrix.comment-rows';
import { SIGNUP_ROWS } from './testing/access-matrix.signup-rows';
import { NOTIFICATION_ROWS } from './testing/access-matrix.notification-rows';
import { ACTIVITY_ROWS } from './testing/access-matrix.activity-rows';
import { PROJECT_ROWS } from './testing/access-matrix.project-rows';
import { PROJECT_QUERY_ROWS } from './testing/access-matrix.project-query-rows';
import { REALTIME_ROWS } from './testing/access-matrix.realtime-rows';
import { BACKUP_ROWS } from './testing/access-matrix.backup-rows';
import { CONTACT_ROWS } from './testing/access-matrix.contact-rows';
import { SOCKET_ROLES, SOCKET_ROWS, socketOf, socketProject, spoofedSocket, subscribeOutcome, type SocketOutcome, type SocketRole } from './testing/access-matrix.socket-rows';

// The access matrix (security-and-reliability.md, "Access"): every endpoint × every role →
// the expected outcome, against the whole product with real users. Adding an endpoint =
// adding one row to a rows file; the first test fails for an endpoint without a row.

const ROWS: readonly MatrixRow[] = [...TEAM_ROWS, ...ACCOUNT_ROWS, ...COMMENT_ROWS, ...SIGNUP_ROWS, ...NOTIFICATION_ROWS, ...ACTIVITY_ROWS, ...PROJECT_ROWS, ...PROJECT_QUERY_ROWS, ...REALTIME_ROWS, ...BACKUP_ROWS, ...CONTACT_ROWS];
const routeOf = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;

function fill(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
}

describe('access matrix rows', () => {
  it('has a row for every declared endpoint', () => {
    const covered = new Set(ROWS.map((row) => row.endpoint));
    expect(allEndpoints.map(routeOf).filter((route) => !covered.has(route))).toEqual([]);
  });

  it('names only declared endpoints, each row once', () => {
    const declared = new Set(allEndpoints.map(routeOf));
    expect(ROWS.map((row) => row.endpoint).filter((route) => !declared.has(route))).toEqual([]);
    const names = ROWS.map((row) => `${row.endpoint} ${row.label ?? ''}`);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});

describeWith('postgres', 'access matrix (every endpoint × role)', () => {
  let db: TestDatabase;
  let running: RunningPlanwerk;
  let ctx: MatrixContext;

  beforeAll(async () => {
    db = await createTestDatabase('access_matrix');
    // Development mode on (startPlanwerk's default): the dev rows expect the mailbox to answer.
    running = await startPlanwerk({ port: 0, host: '127.0.0.1', databaseUrl: db.url, dataDir: mkdtempSync(join(tmpdir(), 'planwerk-matrix-')), webRoot: null, devMode: true });
    const pool = new Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => undefined);
    const client = new MatrixClient(running.url, pool);
    for (const role of [...USERS, 'target' as const]) await client.register(role);
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

  it.each(ROWS.map((row) => [`${row.endpoint}${row.label ? ` (${row.label})` : ''}`, row] as const))('%s', async (_, row) => {
    const actual: Partial<Record<MatrixRole, Expected>> = {};
    for (const role of MATRIX_ROLES) {
      const me = row.fresh ? await ctx.client.fresh(role, ctx.teamId) : ctx.client.users.get(role === 'anonymous' ? 'target' : role);
      if (!me) throw new Error(`no user for ${role}`);
      const params = { teamId: ctx.teamId, link: ctx.link, ...(row.params ? await row.params(ctx, role, me) : {}) };
      const query = row.query ? `?${new URLSearchParams(await row.query(ctx, role, me)).toString()}` : '';
      const body = await row.body?.(ctx, role, me);
      const [method, template] = row.endpoint.split(' ') as [string, string];
      const answer = await ctx.client.send(role === 'anonymous' ? undefined : me, method, `${fill(template, params)}${query}`, body);
      actual[role] = judge(row.expect[role], row.observe ? row.observe(answer) : answer);
      await row.after?.(ctx, role, answer);
    }
    expect(actual).toEqual(row.expect);
  }, 90_000);

  // The realtime socket /v5/ws (issue 12): subscribing as each role, by the project's visibility.
  it.each(SOCKET_ROWS.map((row) => [row.label, row] as const))('socket /v5/ws: subscribe to %s', async (_, row) => {
    const projectId = await socketProject(ctx, row.project);
    const actual: Partial<Record<SocketRole, SocketOutcome>> = {};
    for (const role of SOCKET_ROLES) {
      const client = await socketOf(running.url, role === 'anonymous' ? undefined : ctx.client.users.get(role));
      actual[role] = await subscribeOutcome(client, projectId);
      await client.close();
    }
    expect(actual).toEqual(row.expect);
  }, 60_000);

  it('socket /v5/ws: a socket presenting another page\'s session and device id without its token gets nothing', async () => {
    const heard = await spoofedSocket(ctx, running.url);
    expect(heard.victim).toEqual(['project-edit']);
    expect(heard.thief).toEqual([]);
  }, 60_000);
});

// Spoofed forwarding headers through the gateway (issue 12). The test client is on this machine,
// so the gateway takes it for a trusted reverse proxy; what such a proxy claims still must not
// open the dev mailbox to the world, nor multiply the guesses one account gets.
describeWith('postgres', 'access matrix: spoofed forwarding headers', () => {
  let db: TestDatabase;
  let running: RunningPlanwerk;

  beforeAll(async () => {
    db = await createTestDatabase('access_matrix_forwarding');
    running = await startPlanwerk({ port: 0, host: '127.0.0.1', databaseUrl: db.url, dataDir: mkdtempSync(join(tmpdir(), 'planwerk-forwarding-')), webRoot: null, devMode: true });
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await db?.drop();
  });

  // node:http, not fetch: fetch may not send a Host header of the caller's choosing.
  const mailbox = (headers: Record<string, string>) => new Promise<number>((resolve, reject) => {
    const target = new URL(`${running.url}/v5/dev/mailbox`);
    const req = httpRequest({ host: '127.0.0.1', port: target.port, path: target.pathname, headers }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });

  it('dev mailbox: only a local caller asking for localhost; a remote client named by a proxy, another Host or X-Forwarded-Host gets 404', async () => {
    expect(await mailbox({})).toBe(200);
    expect(await mailbox({ 'x-forwarded-for': '203.0.113.7' })).toBe(404);
    expect(await mailbox({ 'x-forwarded-for': '127.0.0.1, 203.0.113.7' })).toBe(404);
    expect(await mailbox({ 'x-forwarded-host': 'planwerk.example.org' })).toBe(404);
    expect(await mailbox({ host: 'rebound.example' })).toBe(404);
  });

  it('login: a new X-Forwarded-For per guess still checks at most five passwords for one address', async () => {
    const mail = `spoofed-${Date.now()}@planwerk-test.de`;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => fetch(`${running.url}/v5/auth`, {
      method: 'PUT', headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
      body: JSON.stringify({ mail, pass: `falsch ${i} und lang`, device: `Spoofed${String(i).padStart(4, '0')}`, name: 'Jest' }),
    }).then(async (answer) => (await answer.json() as { error: { intern: unknown } }).error.intern)));
    expect(answers.filter((code) => code === 6005).length).toBeLessThanOrEqual(5);
    expect(answers.filter((code) => code === 'login_throttled').length).toBeGreaterThanOrEqual(25);
  });

  it('answers through the gateway carry the security headers', async () => {
    const answer = await fetch(`${running.url}/v5/dev/status`);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
