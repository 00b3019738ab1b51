import { randomBytes, randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventCatalogue } from '@planwerk/events';
import { createInProcessNotifier, migrateMemberships, migrateTeams, openPostgresEventStore, type PostgresEventStore } from '@planwerk/platform';
import { contactGroupsProjection, contactsProjection, migrateProjector, startProjector, type RunningProjector } from '@planwerk/projector';
import { Pool } from 'pg';
import { registerTestUser, type TestUser } from '../../../../../command-service/src/accounts/testing/register-test-user';
import { createCommandService } from '../../../../../command-service/src/app/create-command-service';
import { migrateCommandService } from '../../../../../command-service/src/shared/idempotency/idempotency.migration';
import { createTestDatabase, type TestDatabase } from '../../../../../scripts/testing/database';
import { createQueryService } from '../../../app/create-query-service';

export const HEADERS = { 'x-device-id': 'TestDev001', 'x-api-version': '5.0.1' };
export const auth = (user: TestUser | null): Record<string, string> => (user ? { ...HEADERS, authorization: user.authorization } : HEADERS);

/**
 * The real stack on one fresh database for the contact group queries: the event store with
 * crypto-shredding, the command service (teams, contacts and groups through their HTTP API), the
 * query service, and the projector running the contacts and contact-groups projections.
 */
export async function startContactGroupsStack(prefix: string) {
  const db: TestDatabase = await createTestDatabase(prefix);
  const pool = new Pool({ connectionString: db.url, max: 14 });
  pool.on('error', () => undefined);
  const catalogue = createEventCatalogue();
  const store: PostgresEventStore = await openPostgresEventStore({ pool, catalogue, masterKey: randomBytes(32).toString('base64') });
  await migrateCommandService(pool);
  await migrateProjector(pool);
  await migrateTeams(pool);
  await migrateMemberships(pool);
  const notifier = createInProcessNotifier();
  const projector: RunningProjector = startProjector({
    pool, store, catalogue, notifier, projections: [contactsProjection, contactGroupsProjection], tuning: { idleMs: 20, batchSize: 200 },
  });
  const command: NestFastifyApplication = await createCommandService({ pool, store });
  const query: NestFastifyApplication = await createQueryService({ pool, store, notifier });

  /** A command through the HTTP API that must succeed; answers its body. */
  async function send(user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<Record<string, unknown>> {
    const response = await command.inject({ method, url, headers: auth(user), ...(payload !== undefined ? { payload } : {}) });
    if (response.statusCode >= 300) throw new Error(`${method} ${url} (${response.statusCode}): ${response.body}`);
    return response.json().body as Record<string, unknown>;
  }

  return {
    pool, store, command, query, send,
    register: (): Promise<TestUser> => registerTestUser(command, pool),
    async createTeam(owner: TestUser): Promise<string> {
      const body = await send(owner, 'POST', '/v5/team', { name: 'Gruppen', link: `grp-${randomUUID().slice(0, 8)}`, type: 'club' });
      return body.teamId as string;
    },
    async addMember(owner: TestUser, teamId: string, user: TestUser, level: 'admin' | 'space' | 'member', access: Record<string, string[]> = {}): Promise<void> {
      const invited = await send(owner, 'POST', `/v5/team/${teamId}/invitations`, { channel: 'link', level, access });
      await send(user, 'POST', '/v5/account/invite', { data: (invited.path as string).split('/').pop() });
    },
    async createContact(owner: TestUser, teamId: string, details: object): Promise<string> {
      return (await send(owner, 'POST', `/v5/team/${teamId}/contact`, { details })).contactId as string;
    },
    get: (user: TestUser | null, url: string) => query.inject({ method: 'GET', url, headers: auth(user) }),
    async close(): Promise<void> {
      await projector.stop();
      await query.close();
      await command.close();
      await notifier.close();
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}

export type ContactGroupsStack = Awaited<ReturnType<typeof startContactGroupsStack>>;
