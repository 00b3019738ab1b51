import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type GrantableLevel, type MemberAccessMap } from '@planwerk/events';
import {
  createInProcessNotifier,
  createPostgresEventStore,
  migrateEventStore,
  migrateMemberships,
  migrateTeams,
  type Clock,
  type PostgresEventStore,
} from '@planwerk/platform';
import { migrateProjector } from '@planwerk/projector';
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { createQueryService } from '../../../../query-service/src/app/create-query-service';
import type { QueryServiceOptions } from '../../../../query-service/src/app/query-service.options';
import { registerTestUser, type TestUser } from '../../accounts/testing/register-test-user';
import { createCommandService } from '../../app/create-command-service';
import { migrateCommandService } from '../../shared/idempotency/idempotency.migration';

export const HEADERS = { 'x-device-id': 'TestDev001', 'x-api-version': '5.0.1' };

export const auth = (user: TestUser | null): Record<string, string> => (user ? { ...HEADERS, authorization: user.authorization } : HEADERS);

export interface ServiceStackOptions {
  /** Starts the command service with PLANWERK_DEV_MODE set to this; the environment's value when absent. */
  devMode?: boolean;
  /** Options of the query service (its defaults when absent). */
  queryOptions?: Partial<QueryServiceOptions>;
  /** The time of both services (their CLOCK); the wall clock when absent. */
  clock?: Clock;
}

/**
 * Command and query service on one fresh database, for the team and plan HTTP tests; the
 * other test stacks (projects, comments, links) build on it.
 */
export async function startTeamsStack(prefix: string, options: ServiceStackOptions = {}) {
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
  const clock = options.clock !== undefined ? { clock: options.clock } : {};
  const command: NestFastifyApplication = await (options.devMode === undefined
    ? createCommandService({ pool, store, ...clock })
    : withEnv({ PLANWERK_DEV_MODE: options.devMode ? 'true' : 'false' }, () => createCommandService({ pool, store, ...clock })));
  const query: NestFastifyApplication = await createQueryService({
    pool, store, notifier, ...clock, ...(options.queryOptions !== undefined ? { options: options.queryOptions } : {}),
  });
  const extraApps: NestFastifyApplication[] = [];
  const owners = new Map<string, TestUser>();

  return {
    pool, store, command, query, notifier,
    register: (): Promise<TestUser> => registerTestUser(command, pool),
    /** A second command service on the same database, started with `SUPPORT_OPERATORS` set. */
    async commandWithOperators(operatorIds: string[]): Promise<NestFastifyApplication> {
      const app = await withEnv({ SUPPORT_OPERATORS: operatorIds.join(',') }, () => createCommandService({ pool, store }));
      extraApps.push(app);
      return app;
    },
    async createTeam(owner: TestUser | null, payload: object) {
      const response = await command.inject({ method: 'POST', url: '/v5/team', headers: auth(owner), payload });
      if (owner && response.statusCode === 201) owners.set(response.json().body.teamId, owner);
      return response;
    },
    /**
     * Makes a user a member through the membership endpoints: the team's owner creates an
     * invite link with the level and access map, the user joins with its token. Returns the
     * join's checkpoint.
     */
    async addMember(teamId: string, user: TestUser, level: GrantableLevel, access: MemberAccessMap = {}): Promise<string> {
      const owner = owners.get(teamId);
      if (!owner) throw new Error(`addMember: team ${teamId} was not created through this stack`);
      const invited = await command.inject({ method: 'POST', url: `/v5/team/${teamId}/invitations`, headers: auth(owner), payload: { channel: 'link', level, access } });
      if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.body}`);
      const token = (invited.json().body.path as string).split('/').pop();
      const joined = await command.inject({ method: 'POST', url: '/v5/account/invite', headers: auth(user), payload: { data: token } });
      if (joined.statusCode !== 200) throw new Error(`joining failed: ${joined.body}`);
      return joined.json().body.checkpoint as string;
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

/** Runs `run` with the variables set, restoring their previous values (or absence) afterwards. */
export async function withEnv<T>(values: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  try {
    return await run();
  } finally {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
