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
  type PostgresEventStore,
} from '@planwerk/events';
import { migrateProjector } from '@planwerk/projector';
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { createQueryService } from '../../../../query-service/src/app/create-query-service';
import { registerTestUser, type TestUser } from '../../accounts/testing/register-test-user';
import { createCommandService } from '../../app/create-command-service';
import { migrateCommandService } from '../../shared/idempotency/idempotency.migration';

export const HEADERS = { 'x-device-id': 'TestDev001', 'x-api-version': '5.0.1' };

export const auth = (user: TestUser | null): Record<string, string> => (user ? { ...HEADERS, authorization: user.authorization } : HEADERS);

/** Command and query service on one fresh database, for the team and plan HTTP tests. */
export async function startTeamsStack(prefix: string) {
  const db: TestDatabase = await createTestDatabase(prefix);
  const pool = new Pool({ connectionString: db.url, max: 12 });
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
  const extraApps: NestFastifyApplication[] = [];

  return {
    pool, store, command, query,
    register: (): Promise<TestUser> => registerTestUser(command, pool),
    /** A second command service on the same database, started with `SUPPORT_OPERATORS` set. */
    async commandWithOperators(operatorIds: string[]): Promise<NestFastifyApplication> {
      const before = process.env.SUPPORT_OPERATORS;
      process.env.SUPPORT_OPERATORS = operatorIds.join(',');
      try {
        const app = await createCommandService({ pool, store });
        extraApps.push(app);
        return app;
      } finally {
        if (before === undefined) delete process.env.SUPPORT_OPERATORS;
        else process.env.SUPPORT_OPERATORS = before;
      }
    },
    createTeam: (owner: TestUser | null, payload: object) =>
      command.inject({ method: 'POST', url: '/v5/team', headers: auth(owner), payload }),
    /** Makes a user a member the way the membership feature records an accepted invitation. */
    async addMember(teamId: string, user: TestUser, level: GrantableLevel): Promise<void> {
      const event = { type: 'InvitationAccepted' as const, data: { teamId, inviteId: randomUUID(), userId: user.userId, level, access: {}, acceptedAt: new Date().toISOString() } };
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await appendEvents(client, membershipStreamId(teamId), [{
          eventId: randomUUID(), type: event.type, data: event.data,
          metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'user', id: user.userId }, teamId, schemaVersion: 1 },
        }], 'any');
        await projectMembershipEvents(client, [event]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async close(): Promise<void> {
      for (const app of extraApps) await app.close();
      await query?.close();
      await command?.close();
      await notifier.close();
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}

export type TeamsStack = Awaited<ReturnType<typeof startTeamsStack>>;
