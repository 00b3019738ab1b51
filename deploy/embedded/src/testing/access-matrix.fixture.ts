import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ACCESS_AREAS } from '@planwerk/events';
import type { Pool } from 'pg';
import { registerTestUser, type TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';

// The roles of the access matrix (security-and-reliability.md, "Access").
export const MATRIX_ROLES = [
  'owner', 'admin', 'spaceWith', 'spaceWithout', 'itemWith', 'itemWithout', 'member', 'anonymous', 'otherTeam',
] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

/** The item id that "with" roles have listed in every area. */
export const MATRIX_ITEM = '11111111-1111-4111-8111-111111111111';

const everyArea = (ids: string[]) => Object.fromEntries(ACCESS_AREAS.map((area) => [area, ids]));

// Level and access map per member role: "with" lists every area with the item, "without"
// lists nothing (space) or every area without the item (item level).
export const MEMBER_SETUP: Partial<Record<MatrixRole, { level: 'admin' | 'space' | 'item' | 'member'; access: Record<string, string[]> }>> = {
  admin: { level: 'admin', access: {} },
  spaceWith: { level: 'space', access: everyArea([MATRIX_ITEM]) },
  spaceWithout: { level: 'space', access: {} },
  itemWith: { level: 'item', access: everyArea([MATRIX_ITEM]) },
  itemWithout: { level: 'item', access: everyArea([]) },
  member: { level: 'member', access: {} },
};

export interface Answer { status: number; json: any }
type Caller = MatrixRole | 'target';

/** HTTP against the running product, as one of the roles or as a given user. */
export class MatrixClient {
  readonly users = new Map<Caller, TestUser>();
  private registered = 0;
  private sessions = 0;

  constructor(private readonly url: string, private readonly pool: Pool) {}

  call(role: Caller, method: string, path: string, body?: unknown): Promise<Answer> {
    return this.send(role === 'anonymous' ? undefined : this.users.get(role), method, path, body);
  }

  /** As `user`; without one, anonymously. */
  async send(user: TestUser | undefined, method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { 'x-device-id': user?.deviceId ?? 'Anonym0001', 'x-api-version': '5.0.1' };
    if (user) headers.authorization = user.authorization;
    // Raw bytes (a spreadsheet upload) go as application/octet-stream, everything else as JSON.
    const raw = body instanceof Uint8Array;
    if (body !== undefined) headers['content-type'] = raw ? 'application/octet-stream' : 'application/json';
    const response = await fetch(`${this.url}${path}`, { method, headers, body: body === undefined ? undefined : raw ? Buffer.from(body) : JSON.stringify(body) });
    const text = await response.text();
    // Downloads (CSV, Excel) answer a file on success: the matrix judges their status only.
    if (!(response.headers.get('content-type') ?? '').includes('json')) return { status: response.status, json: text ? { body: { download: text.length } } : null };
    return { status: response.status, json: text ? JSON.parse(text) : null };
  }

  /** Must succeed: fixture steps fail loudly with the answer. */
  async ok(role: Caller, method: string, path: string, body?: unknown): Promise<any> {
    return okOf(`${role} ${method} ${path}`, await this.call(role, method, path, body));
  }

  /** registerTestUser speaks `app.inject`; this is the same over fetch, through the gateway. */
  async register(role: Caller): Promise<TestUser> {
    const user = await this.newUser();
    this.users.set(role, user);
    return user;
  }

  /**
   * A user of its own holding `role` (anonymous: a user who calls without signing in), for
   * rows that end sessions or delete accounts: the shared role users stay untouched.
   */
  async fresh(role: MatrixRole, teamId: string): Promise<TestUser> {
    const user = await this.newUser();
    if (MEMBER_SETUP[role]) await this.joinAs(user, teamId, MEMBER_SETUP[role]);
    if (role === 'owner' || role === 'otherTeam') {
      okOf('fresh team', await this.send(user, 'POST', '/v5/team', { name: 'Frisch', link: `fresh-${this.registered}-${Date.now().toString(36)}`, type: 'club' }));
    }
    return user;
  }

  /** Makes `role` an active member of the team with its matrix level and access (via an invite link). */
  async join(role: Caller, teamId: string): Promise<void> {
    const setup = role === 'target' ? { level: 'member' as const, access: {} } : MEMBER_SETUP[role];
    if (!setup) throw new Error(`${role} is not a member role`);
    const user = this.users.get(role);
    if (!user) throw new Error(`${role} is not registered`);
    await this.joinAs(user, teamId, setup);
  }

  /** Another login of `user` on another device: its `token.device` and session id. */
  async secondSession(user: TestUser): Promise<{ token: string; sessionId: string }> {
    this.sessions += 1;
    const device = `MxSess${String(this.sessions).padStart(4, '0')}`;
    const login = okOf('second login', await this.send(undefined, 'PUT', '/v5/auth', { mail: user.mail, pass: user.password, device, name: 'Matrix' }));
    const session = await this.pool.query<{ session_id: string }>(
      'SELECT session_id::text AS session_id FROM account_sessions WHERE user_id = $1 AND device_id = $2 AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1',
      [user.userId, device]);
    if (!session.rows[0]) throw new Error(`no session for ${user.userId} on ${device}`);
    return { token: login.token, sessionId: session.rows[0].session_id };
  }

  private async joinAs(user: TestUser, teamId: string, setup: { level: string; access: Record<string, string[]> }): Promise<void> {
    const invite = await this.ok('owner', 'POST', `/v5/team/${teamId}/invitations`, { channel: 'link', ...setup });
    okOf('join', await this.send(user, 'POST', '/v5/account/invite', { data: String(invite.path).split('/').pop() }));
  }

  private async newUser(): Promise<TestUser> {
    const app = {
      inject: async (request: { method: string; url: string; payload?: unknown }) => {
        const response = await fetch(`${this.url}${request.url}`, {
          method: request.method, headers: { 'content-type': 'application/json', 'x-api-version': '5.0.1' }, body: JSON.stringify(request.payload ?? {}),
        });
        const body = await response.text();
        return { statusCode: response.status, body, json: () => JSON.parse(body) };
      },
    } as unknown as NestFastifyApplication;
    this.registered += 1;
    return registerTestUser(app, this.pool, { deviceId: `MatrixD${String(this.registered).padStart(3, '0')}` });
  }
}

function okOf(what: string, answer: Answer): any {
  if (answer.status >= 300) throw new Error(`${what} → ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json.body;
}
