import { randomBytes, randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  contactPersonId, contactStream, createEventCatalogue, EMPTY_CONTACT_DETAILS, type Actor, type Checkpoint, type ContactDetails,
} from '@planwerk/events';
import {
  createInProcessNotifier, migrateMemberships, migrateTeams, openPostgresEventStore, parseMasterKey, PostgresPersonalDataCipher,
  type PostgresEventStore,
} from '@planwerk/platform';
import {
  activityLogProjection, activitySettingsProjection, contactsProjection, migrateProjector, startProjector, type RunningProjector,
} from '@planwerk/projector';
import { Pool } from 'pg';
import { registerTestUser, type TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import { createCommandService } from '../../../../command-service/src/app/create-command-service';
import { migrateCommandService } from '../../../../command-service/src/shared/idempotency/idempotency.migration';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { createQueryService } from '../../app/create-query-service';

export const HEADERS = { 'x-device-id': 'TestDev001', 'x-api-version': '5.0.1' };
export const auth = (user: TestUser | null): Record<string, string> => (user ? { ...HEADERS, authorization: user.authorization } : HEADERS);

/**
 * The real stack on one fresh database for the contacts queries: the event store with
 * crypto-shredding, the command service (accounts, teams and memberships), the query service,
 * and the projector running the contacts and activity projections. Contact events are appended
 * as the command side appends them (the contact's data under the contact's own key).
 */
export async function startContactsStack(prefix: string) {
  const db: TestDatabase = await createTestDatabase(prefix);
  const pool = new Pool({ connectionString: db.url, max: 14 });
  pool.on('error', () => undefined);
  const catalogue = createEventCatalogue();
  const masterKey = randomBytes(32).toString('base64');
  const store: PostgresEventStore = await openPostgresEventStore({ pool, catalogue, masterKey });
  const cipher = new PostgresPersonalDataCipher(pool, parseMasterKey(masterKey));
  await migrateCommandService(pool);
  await migrateProjector(pool);
  await migrateTeams(pool);
  await migrateMemberships(pool);
  const notifier = createInProcessNotifier();
  const projector: RunningProjector = startProjector({
    pool, store, catalogue, notifier, projections: [activityLogProjection, activitySettingsProjection, contactsProjection], tuning: { idleMs: 20, batchSize: 200 },
  });
  const command: NestFastifyApplication = await createCommandService({ pool, store });
  const query: NestFastifyApplication = await createQueryService({ pool, store, notifier });

  async function append(contactId: string, teamId: string, actor: Actor, type: string, data: Record<string, unknown>): Promise<Checkpoint> {
    const result = await store.append(contactStream(contactId), [{
      eventId: randomUUID(), type, data: { contactId, teamId, ...data },
      metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor, teamId, schemaVersion: 1, personId: contactPersonId(contactId) },
    }]);
    return result.checkpoint;
  }

  return {
    pool, store, command, query,
    register: (names: { vorname?: string; nachname?: string } = {}): Promise<TestUser> => registerTestUser(command, pool, names),
    async createTeam(owner: TestUser): Promise<string> {
      const response = await command.inject({ method: 'POST', url: '/v5/team', headers: auth(owner), payload: { name: 'Kontakte', link: `kon-${randomUUID().slice(0, 8)}`, type: 'club' } });
      if (response.statusCode !== 201) throw new Error(`team: ${response.body}`);
      return response.json().body.teamId as string;
    },
    async addMember(owner: TestUser, teamId: string, user: TestUser, level: 'admin' | 'space' | 'item' | 'member', access: Record<string, string[]> = {}): Promise<void> {
      const invited = await command.inject({ method: 'POST', url: `/v5/team/${teamId}/invitations`, headers: auth(owner), payload: { channel: 'link', level, access } });
      if (invited.statusCode !== 201) throw new Error(`invitation: ${invited.body}`);
      const joined = await command.inject({ method: 'POST', url: '/v5/account/invite', headers: auth(user), payload: { data: (invited.json().body.path as string).split('/').pop() } });
      if (joined.statusCode !== 200) throw new Error(`join: ${joined.body}`);
    },
    /** ContactCreated by `by`; answers the new contact's id and the checkpoint. */
    async createContact(teamId: string, by: TestUser, details: Partial<ContactDetails>, extra: { type?: string; status?: string } = {}): Promise<{ contactId: string; checkpoint: Checkpoint }> {
      const contactId = randomUUID();
      const checkpoint = await append(contactId, teamId, { kind: 'user', id: by.userId }, 'ContactCreated', {
        type: extra.type ?? 'contact', status: extra.status ?? 'active', details: { ...EMPTY_CONTACT_DETAILS, ...details }, source: 'manual',
        createdAt: new Date().toISOString(),
      });
      return { contactId, checkpoint };
    },
    editContact: (teamId: string, contactId: string, by: TestUser, details: Partial<ContactDetails>, extra: { type?: string; status?: string } = {}) =>
      append(contactId, teamId, { kind: 'user', id: by.userId }, 'ContactEdited', { details, changed: Object.keys(details), ...extra }),
    blockContact: (teamId: string, contactId: string, by: TestUser, blocked: boolean) =>
      append(contactId, teamId, { kind: 'user', id: by.userId }, 'ContactBlockChanged', { blocked }),
    /** As the command side removes: the contact's key is erased, then ContactRemoved appended. */
    async removeContact(teamId: string, contactId: string, by: TestUser): Promise<Checkpoint> {
      await cipher.eraseKey(contactPersonId(contactId));
      return append(contactId, teamId, { kind: 'user', id: by.userId }, 'ContactRemoved', {});
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

export type ContactsStack = Awaited<ReturnType<typeof startContactsStack>>;
