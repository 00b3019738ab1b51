import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  appendEvents,
  createInProcessNotifier,
  createPostgresEventStore,
  membershipStreamId,
  migrateEventStore,
  migrateMemberships,
  migrateTeams,
  projectMembershipEvents,
  type GrantableLevel,
  type MemberAccessMap,
  type PostgresEventStore,
} from '@planwerk/events';
import { migrateProjector } from '@planwerk/projector';
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { createCommandService } from '../../../../command-service/src/app/create-command-service';
import { registerTestUser, type TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import { migrateCommandService } from '../../../../command-service/src/shared/idempotency/idempotency.migration';
import { createQueryService } from '../../app/create-query-service';

export const HEADERS = { 'x-device-id': 'TestDev001', 'x-api-version': '5.0.1' };

/** Command and query service on one fresh database, for the link and bundle HTTP tests. */
export async function startLinksStack(prefix: string) {
  const db: TestDatabase = await createTestDatabase(prefix);
  const pool = new Pool({ connectionString: db.url, max: 10 });
  // DROP DATABASE … WITH (FORCE) in close() ends idle connections; that is expected.
  pool.on('error', () => undefined);
  await migrateEventStore(pool);
  await migrateCommandService(pool);
  await migrateProjector(pool);
  await migrateTeams(pool);
  await migrateMemberships(pool);
  const store: PostgresEventStore = createPostgresEventStore({ pool });
  const notifier = createInProcessNotifier();
  const command = await createCommandService({ pool, store });
  const query = await createQueryService({ pool, store, notifier });

  const auth = (user: TestUser | null) => (user ? { ...HEADERS, authorization: user.authorization } : HEADERS);

  return {
    pool, store, command, query,
    register: (): Promise<TestUser> => registerTestUser(command, pool),
    async createTeam(owner: TestUser, link: string, name: string): Promise<string> {
      const response = await command.inject({ method: 'POST', url: '/v5/team', headers: auth(owner), payload: { name, link, type: 'club' } });
      if (response.statusCode !== 201) throw new Error(`team creation failed: ${response.body}`);
      return response.json().body.teamId as string;
    },
    /**
     * Makes a user a member the way the membership feature records an accepted invitation:
     * the event on `team-members-<teamId>` and the `team_members` row in one transaction.
     */
    async addMember(teamId: string, user: TestUser, level: GrantableLevel, access: MemberAccessMap = {}): Promise<string> {
      const event = { type: 'InvitationAccepted' as const, data: { teamId, inviteId: randomUUID(), userId: user.userId, level, access, acceptedAt: new Date().toISOString() } };
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await appendEvents(client, membershipStreamId(teamId), [{
          eventId: randomUUID(), type: event.type, data: event.data,
          metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'user', id: user.userId }, teamId, schemaVersion: 1 },
        }], 'any');
        await projectMembershipEvents(client, [event]);
        await client.query('COMMIT');
        return result.checkpoint;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    links: (user: TestUser | null) => query.inject({ method: 'GET', url: '/v5/user/link', headers: auth(user) }),
    connect: (user: TestUser | null, payload: object) => command.inject({ method: 'POST', url: '/v5/user/link', headers: auth(user), payload }),
    disconnect: (user: TestUser | null, payload: object) => command.inject({ method: 'DELETE', url: '/v5/user/link', headers: auth(user), payload }),
    bundle: (user: TestUser | null, payload: object, minCheckpoint?: string) => query.inject({
      method: 'POST', url: minCheckpoint ? `/v5/bundle?minCheckpoint=${encodeURIComponent(minCheckpoint)}` : '/v5/bundle', headers: auth(user), payload,
    }),
    async close(): Promise<void> {
      await query?.close();
      await command?.close();
      await notifier.close();
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}

export type LinksStack = Awaited<ReturnType<typeof startLinksStack>>;
