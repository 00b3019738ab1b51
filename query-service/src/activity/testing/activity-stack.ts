import { randomBytes, randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventCatalogue, defineEvent, type Actor } from '@planwerk/events';
import {
  createInProcessNotifier,
  migrateMemberships,
  migrateTeams,
  openPostgresEventStore,
  type PostgresEventStore,
} from '@planwerk/platform';
import { activityLogProjection, activitySettingsProjection, migrateProjector, startProjector, type RunningProjector } from '@planwerk/projector';
import { Pool } from 'pg';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { registerTestUser, type TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import { createCommandService } from '../../../../command-service/src/app/create-command-service';
import { migrateCommandService } from '../../../../command-service/src/shared/idempotency/idempotency.migration';
import { createQueryService } from '../../app/create-query-service';

export const HEADERS = { 'x-device-id': 'TestDev001', 'x-api-version': '5.0.1' };
export const auth = (user: TestUser | null): Record<string, string> => (user ? { ...HEADERS, authorization: user.authorization } : HEADERS);

/**
 * A test-only project event, so the log can be filled with project, list and item activity
 * before the projects feature exists (its events fill the same columns through describe()).
 */
export const TestItemEdited = defineEvent({
  type: 'TestItemEdited',
  feature: 'testing',
  schemaVersion: 1,
  personalFields: ['note'],
  schema: z.object({ projectId: z.string(), listId: z.string(), itemId: z.string(), name: z.string(), capacity: z.number().nullable(), note: z.string().optional() }),
  describe: (d) => ({
    object: { kind: 'item', id: d.itemId }, projectId: d.projectId, listId: d.listId, action: 'testing.itemEdited',
    // `note` is personal: the log must drop it even though describe() names it.
    fields: { name: d.name, capacity: d.capacity, ...(d.note === undefined ? {} : { note: d.note }) },
  }),
});

/**
 * The real stack on one fresh database: event store with crypto-shredding, command and query
 * services, and the projector running the activity projections.
 */
export async function startActivityStack(prefix: string) {
  const db: TestDatabase = await createTestDatabase(prefix);
  const pool = new Pool({ connectionString: db.url, max: 14 });
  pool.on('error', () => undefined);
  const catalogue = createEventCatalogue().register(TestItemEdited);
  const store: PostgresEventStore = await openPostgresEventStore({ pool, catalogue, masterKey: randomBytes(32).toString('base64') });
  await migrateCommandService(pool);
  await migrateProjector(pool);
  await migrateTeams(pool);
  await migrateMemberships(pool);
  const notifier = createInProcessNotifier();
  const projector: RunningProjector = startProjector({
    pool, store, catalogue, notifier, projections: [activityLogProjection, activitySettingsProjection], tuning: { idleMs: 20, batchSize: 200 },
  });
  const command: NestFastifyApplication = await createCommandService({ pool, store });
  const query: NestFastifyApplication = await createQueryService({ pool, store, notifier });

  const stack = {
    pool, store, command, query,
    register: (names: { vorname?: string; nachname?: string } = {}): Promise<TestUser> => registerTestUser(command, pool, names),
    async createTeam(owner: TestUser): Promise<string> {
      const response = await command.inject({ method: 'POST', url: '/v5/team', headers: auth(owner), payload: { name: 'Aktiv', link: `akt-${randomUUID().slice(0, 8)}`, type: 'club' } });
      if (response.statusCode !== 201) throw new Error(`team: ${response.body}`);
      return response.json().body.teamId as string;
    },
    async addMember(owner: TestUser, teamId: string, user: TestUser, level: 'admin' | 'space' | 'item' | 'member', access: Record<string, string[]> = {}): Promise<void> {
      const invited = await command.inject({ method: 'POST', url: `/v5/team/${teamId}/invitations`, headers: auth(owner), payload: { channel: 'link', level, access } });
      if (invited.statusCode !== 201) throw new Error(`invitation: ${invited.body}`);
      const joined = await command.inject({ method: 'POST', url: '/v5/account/invite', headers: auth(user), payload: { data: (invited.json().body.path as string).split('/').pop() } });
      if (joined.statusCode !== 200) throw new Error(`join: ${joined.body}`);
    },
    /** An item edit in a project, as a project command would append it; answers its checkpoint. */
    async edit(teamId: string, actor: Actor, item: { projectId: string; listId: string; itemId: string; name: string; capacity?: number | null; note?: string }): Promise<string> {
      const result = await store.append(`test-item-${item.itemId}`, [{
        eventId: randomUUID(), type: TestItemEdited.type,
        data: { capacity: null, ...item },
        metadata: {
          commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor, teamId, schemaVersion: 1,
          ...(item.note !== undefined && actor.kind === 'user' ? { personId: actor.id } : {}),
        },
      }]);
      return result.checkpoint;
    },
    get: (user: TestUser | null, url: string) => query.inject({ method: 'GET', url, headers: auth(user) }),
    put: (user: TestUser | null, url: string, payload: unknown) => command.inject({ method: 'PUT', url, headers: auth(user), payload: payload as object }),
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
  return stack;
}

export type ActivityStack = Awaited<ReturnType<typeof startActivityStack>>;
