import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createInProcessNotifier,
  createPostgresEventStore,
  migrateEventStore,
  migrateMemberships,
  migrateTeams,
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
  const owners = new Map<string, TestUser>();

  return {
    pool, store, command, query,
    register: (): Promise<TestUser> => registerTestUser(command, pool),
    async createTeam(owner: TestUser, link: string, name: string): Promise<string> {
      const response = await command.inject({ method: 'POST', url: '/v5/team', headers: auth(owner), payload: { name, link, type: 'club' } });
      if (response.statusCode !== 201) throw new Error(`team creation failed: ${response.body}`);
      const teamId = response.json().body.teamId as string;
      owners.set(teamId, owner);
      return teamId;
    },
    /**
     * Makes a user a member through the membership endpoints: the team's owner creates an
     * invite link with the level and access map, the user joins with its token. Returns the
     * join's checkpoint.
     */
    async addMember(teamId: string, user: TestUser, level: GrantableLevel, access: MemberAccessMap = {}): Promise<string> {
      const owner = owners.get(teamId);
      if (!owner) throw new Error(`addMember: team ${teamId} was not created through this stack`);
      const invited = await command.inject({
        method: 'POST', url: `/v5/team/${teamId}/invitations`, headers: auth(owner), payload: { channel: 'link', level, access },
      });
      if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.body}`);
      const token = (invited.json().body.path as string).split('/').pop();
      const joined = await command.inject({ method: 'POST', url: '/v5/account/invite', headers: auth(user), payload: { data: token } });
      if (joined.statusCode !== 200) throw new Error(`joining failed: ${joined.body}`);
      return joined.json().body.checkpoint as string;
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
