import { randomBytes, randomUUID } from 'node:crypto';
import { contactPersonId, contactStream, EMPTY_CONTACT_DETAILS, type ContactDetails, type NewEvent } from '@planwerk/events';
import { openPostgresEventStore, parseMasterKey, PostgresPersonalDataCipher, type PostgresEventStore } from '@planwerk/platform';
import { describeWith } from '../../../scripts/testing/components';
import { tableNames } from '../runtime/projection';
import { runProjection, type RunningProjection } from '../runtime/projection-runner';
import { activeTable } from '../runtime/projector-schema';
import { createProjectorTestKit, type ProjectorTestKit, waitForCaughtUp } from '../runtime/testing/projector-test-kit';
import { contactsProjection } from './contacts.projection';

const T1 = '0a0a0a0a-0000-4000-8000-000000000001';
const T2 = '0a0a0a0a-0000-4000-8000-000000000002';
const MAX = '0c0c0c0c-0000-4000-8000-000000000001';
const ERIKA = '0c0c0c0c-0000-4000-8000-000000000002';
const OTHER = '0c0c0c0c-0000-4000-8000-000000000003';
const ANNA = '0b0b0b0b-0000-4000-8000-000000000001';

const details = (given: Partial<ContactDetails>): ContactDetails => ({ ...EMPTY_CONTACT_DETAILS, ...given });

// As the command side appends them: the contact's data under the contact's own key.
function contactEvent(type: string, data: Record<string, unknown>): NewEvent {
  return {
    eventId: randomUUID(), type, data,
    metadata: {
      commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'user', id: ANNA },
      teamId: data.teamId as string, schemaVersion: 1, personId: contactPersonId(data.contactId as string),
    },
  };
}
const created = (contactId: string, teamId: string, given: Partial<ContactDetails>) => contactEvent('ContactCreated', {
  contactId, teamId, type: 'contact', status: 'active', details: details(given), source: 'manual', createdAt: '2026-11-01T10:00:00.000Z',
});
const edited = (contactId: string, given: Partial<ContactDetails>, extra: Record<string, unknown> = {}) => contactEvent('ContactEdited', {
  contactId, teamId: T1, details: given, changed: Object.keys(given), ...extra,
});
const blocked = (contactId: string, value: boolean) => contactEvent('ContactBlockChanged', { contactId, teamId: T1, blocked: value });
const removed = (contactId: string) => contactEvent('ContactRemoved', { contactId, teamId: T1 });

describeWith('postgres', 'contacts projection on PostgreSQL', () => {
  let kit: ProjectorTestKit;
  let store: PostgresEventStore;
  let cipher: PostgresPersonalDataCipher;
  let runner: RunningProjection | null = null;

  beforeEach(async () => {
    kit = await createProjectorTestKit('projector_contacts');
    const masterKey = randomBytes(32).toString('base64');
    store = await openPostgresEventStore({ pool: kit.pool, catalogue: kit.catalogue, masterKey });
    cipher = new PostgresPersonalDataCipher(kit.pool, parseMasterKey(masterKey));
  });
  afterEach(async () => {
    await runner?.stop();
    runner = null;
    await store.close();
    await kit.close();
  });

  function start(batchSize: number): void {
    runner = runProjection({
      pool: kit.pool, store, catalogue: kit.catalogue, projection: contactsProjection, instanceId: 'contacts-test', idleMs: 20, retryMs: 50, batchSize,
    });
  }

  async function snapshot() {
    const contacts = await activeTable(kit.pool, 'contacts', 'contacts');
    const history = await activeTable(kit.pool, 'contacts', 'contact_history');
    const rows = await kit.pool.query(
      `SELECT contact_id, team_id, type, status, blocked, first_name, last_name, company, email, phone, city, birth_date::text,
              display_name, sort_name, search_text, version FROM ${contacts} ORDER BY contact_id`);
    const entries = await kit.pool.query(`SELECT contact_id, version, kind, code, actor_id, changes FROM ${history} ORDER BY contact_id, version`);
    return { contacts: rows.rows, history: entries.rows };
  }

  // Max is created, edited and blocked; Erika is created, edited and removed (her key erased
  // first, as the command side does); another team has a contact of its own.
  async function appendMaxAndOther(): Promise<void> {
    await store.append(contactStream(MAX), [created(MAX, T1, { firstName: 'Max', lastName: 'Müller', email: 'max@example.org', birthDate: '1990-02-03' })]);
    await store.append(contactStream(MAX), [edited(MAX, { city: 'Köln', email: 'mm@example.org' }, { status: 'inactive' })]);
    await store.append(contactStream(MAX), [blocked(MAX, true)]);
    await store.append(contactStream(OTHER), [created(OTHER, T2, { company: 'Müller & Söhne' })]);
  }
  async function appendErika(): Promise<void> {
    await store.append(contactStream(ERIKA), [created(ERIKA, T1, { firstName: 'Erika', lastName: 'Muster', phone: '0221 123' })]);
    await store.append(contactStream(ERIKA), [edited(ERIKA, { note: 'Allergie: Nüsse' })]);
  }
  async function removeErika(): Promise<void> {
    await cipher.eraseKey(contactPersonId(ERIKA));
    await store.append(contactStream(ERIKA), [removed(ERIKA)]);
  }

  const maxRow = {
    contact_id: MAX, team_id: T1, type: 'contact', status: 'inactive', blocked: true, first_name: 'Max', last_name: 'Müller', company: '',
    email: 'mm@example.org', phone: '', city: 'Köln', birth_date: '1990-02-03', display_name: 'Max Müller', sort_name: 'muller max',
    search_text: ' max müller mm@example.org köln', version: 3,
  };
  const expectedHistory = [
    { contact_id: MAX, version: 1, kind: 'created', code: 1, actor_id: ANNA, changes: [
      { field: 'type', before: null, after: 'contact' }, { field: 'status', before: null, after: 'active' },
      { field: 'firstName', before: null, after: 'Max' }, { field: 'lastName', before: null, after: 'Müller' },
      { field: 'email', before: null, after: 'max@example.org' }, { field: 'birthDate', before: null, after: '1990-02-03' },
    ] },
    { contact_id: MAX, version: 2, kind: 'edited', code: null, actor_id: ANNA, changes: [
      { field: 'status', before: 'active', after: 'inactive' },
      { field: 'email', before: 'max@example.org', after: 'mm@example.org' }, { field: 'city', before: '', after: 'Köln' },
    ] },
    { contact_id: MAX, version: 3, kind: 'blocked', code: null, actor_id: ANNA, changes: [{ field: 'blocked', before: false, after: true }] },
    // Erika's history keeps what happened and when, and no value of hers.
    { contact_id: ERIKA, version: 1, kind: 'created', code: 1, actor_id: ANNA, changes: [
      { field: 'type', before: null, after: 'contact' }, { field: 'status', before: null, after: 'active' },
    ] },
    { contact_id: ERIKA, version: 2, kind: 'edited', code: null, actor_id: ANNA, changes: [{ field: 'note', before: null, after: null }] },
    { contact_id: ERIKA, version: 3, kind: 'removed', code: 2, actor_id: ANNA, changes: [] },
    { contact_id: OTHER, version: 1, kind: 'created', code: 1, actor_id: ANNA, changes: [
      { field: 'type', before: null, after: 'contact' }, { field: 'status', before: null, after: 'active' },
      { field: 'company', before: null, after: 'Müller & Söhne' },
    ] },
  ];
  const otherRow = expect.objectContaining({ contact_id: OTHER, team_id: T2, display_name: 'Müller & Söhne', search_text: ' müller & söhne' });

  it('folds live events, then purges the removed contact: the same rows as a rebuild that reads her with the erased key', async () => {
    start(50);
    await appendMaxAndOther();
    await appendErika();
    await waitForCaughtUp(kit, 'contacts');
    // Before removal her values are there (the purge below has something to do).
    const before = await snapshot();
    expect(before.history.find((h) => h.contact_id === ERIKA && h.version === 2)?.changes).toEqual([{ field: 'note', before: '', after: 'Allergie: Nüsse' }]);
    await removeErika();
    await waitForCaughtUp(kit, 'contacts');
    const live = await snapshot();
    expect(live).toEqual({ contacts: [maxRow, otherRow], history: expectedHistory });
    expect(JSON.stringify(live)).not.toMatch(/Erika|Muster|0221|Nüsse/);
  });

  it.each([50, 1])('gives the same rows replayed from the log after the erasure (batch size %i)', async (batchSize) => {
    await appendMaxAndOther();
    await appendErika();
    await removeErika();
    start(batchSize);
    await waitForCaughtUp(kit, 'contacts');
    expect(await snapshot()).toEqual({ contacts: [maxRow, otherRow], history: expectedHistory });
  });

  it('finds word starts and fragments through the trigram index, and applies an event only once', async () => {
    start(50);
    await appendMaxAndOther();
    await waitForCaughtUp(kit, 'contacts');
    const contacts = await activeTable(kit.pool, 'contacts', 'contacts');
    const find = async (pattern: string): Promise<string[]> => {
      const client = await kit.pool.connect();
      try {
        // The index alone must be able to answer (no sequential scan to fall back on).
        await client.query('BEGIN');
        await client.query('SET LOCAL enable_seqscan = off');
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT contact_id FROM ${contacts} WHERE search_text LIKE $1`, [pattern]);
        expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(`${contacts}_search_idx`);
        const result = await client.query<{ contact_id: string }>(`SELECT contact_id FROM ${contacts} WHERE search_text LIKE $1 ORDER BY contact_id`, [pattern]);
        await client.query('COMMIT');
        return result.rows.map((r) => r.contact_id);
      } finally {
        client.release();
      }
    };
    expect(await find('% mü%')).toEqual([MAX, OTHER]);
    expect(await find('% m%')).toEqual([MAX, OTHER]);
    expect(await find('%ülle%')).toEqual([MAX, OTHER]);
    expect(await find('% köl%')).toEqual([MAX]);
    expect(await find('% ller%')).toEqual([]);

    // A re-delivered event (same id) changes nothing.
    const first = await snapshot();
    const slice = await store.readAll({ maxCount: 10 });
    const client = await kit.pool.connect();
    try {
      const ctx = { tables: tableNames(contactsProjection, 1), catalogue: kit.catalogue };
      await contactsProjection.applyBatch?.(client, slice.events.map((e) => kit.catalogue.parse(e)), ctx);
      await contactsProjection.apply(client, kit.catalogue.parse(slice.events[1]), ctx);
    } finally {
      client.release();
    }
    expect(await snapshot()).toEqual(first);
  });
});
