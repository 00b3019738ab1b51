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

/** HTTP against the running product, as one of the roles. */
export class MatrixClient {
  readonly users = new Map<MatrixRole | 'target', TestUser>();

  constructor(private readonly url: string) {}

  async call(role: MatrixRole | 'target', method: string, path: string, body?: unknown): Promise<Answer> {
    const user = role === 'anonymous' ? undefined : this.users.get(role);
    const headers: Record<string, string> = { 'x-device-id': user?.deviceId ?? 'Anonym0001', 'x-api-version': '5.0.1' };
    if (user) headers.authorization = user.authorization;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null };
  }

  /** Must succeed: fixture steps fail loudly with the answer. */
  async ok(role: MatrixRole | 'target', method: string, path: string, body?: unknown): Promise<any> {
    const answer = await this.call(role, method, path, body);
    if (answer.status >= 300) throw new Error(`${role} ${method} ${path} → ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json.body;
  }

  /** registerTestUser speaks `app.inject`; this is the same over fetch, through the gateway. */
  async register(role: MatrixRole | 'target', pool: Pool): Promise<TestUser> {
    const app = {
      inject: async (request: { method: string; url: string; payload?: unknown }) => {
        const response = await fetch(`${this.url}${request.url}`, {
          method: request.method, headers: { 'content-type': 'application/json', 'x-api-version': '5.0.1' }, body: JSON.stringify(request.payload ?? {}),
        });
        const body = await response.text();
        return { statusCode: response.status, body, json: () => JSON.parse(body) };
      },
    } as unknown as NestFastifyApplication;
    const user = await registerTestUser(app, pool, { deviceId: `MatrixDv${String(this.users.size).padStart(2, '0')}` });
    this.users.set(role, user);
    return user;
  }

  /** Makes `role` an active member of the team with its matrix level and access (via an invite link). */
  async join(role: MatrixRole | 'target', teamId: string): Promise<void> {
    const setup = role === 'target' ? { level: 'member' as const, access: {} } : MEMBER_SETUP[role];
    if (!setup) throw new Error(`${role} is not a member role`);
    const invite = await this.ok('owner', 'POST', `/v5/team/${teamId}/invitations`, { channel: 'link', ...setup });
    await this.ok(role, 'POST', '/v5/account/invite', { data: String(invite.path).split('/').pop() });
  }
}
