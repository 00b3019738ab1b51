import { randomUUID } from 'node:crypto';
import { activitySentence, createEventCatalogue, type RecordedEvent } from '@planwerk/events';
import { ACTIVITY_LOG, ACTIVITY_OBJECT_FIELDS, activeTable, activityLogProjection } from '@planwerk/projector';
import { describeWith } from '../../../scripts/testing/components';
import { startQueryTestStack, type QueryTestStack } from '../testing/query-test-stack';
import { namesOf } from './activity-names';
import { listActivity } from './list-activity.repository';

// Names of the log's objects (issue 14) as the query resolves them from the projector's own
// tables: the remembered fields while an object exists, its last named change once it is gone.
describeWith('postgres', 'activity names from the projector activity log (real PostgreSQL)', () => {
  let stack: QueryTestStack;
  const teamId = randomUUID();
  const projectId = randomUUID();
  const listId = randomUUID();
  const itemId = randomUUID();
  const signupId = randomUUID();
  const phaseId = randomUUID();
  const user = randomUUID();
  let position = 0;

  async function apply(type: string, data: Record<string, unknown>, streamId: string): Promise<void> {
    position += 1;
    const event: RecordedEvent = {
      eventId: randomUUID(), type, data, streamId, streamVersion: position, checkpoint: String(position).padStart(20, '0'),
      recordedAt: new Date(Date.UTC(2026, 0, 1, 10, position)),
      metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'user', id: user }, teamId, schemaVersion: 1 },
    };
    const catalogue = createEventCatalogue();
    const names = new Map([
      [ACTIVITY_LOG, await activeTable(stack.pool, activityLogProjection.name, ACTIVITY_LOG)],
      [ACTIVITY_OBJECT_FIELDS, await activeTable(stack.pool, activityLogProjection.name, ACTIVITY_OBJECT_FIELDS)],
    ]);
    const client = await stack.pool.connect();
    try {
      await activityLogProjection.apply(client, catalogue.parse(event), { catalogue, tables: (base) => names.get(base) ?? base });
    } finally {
      client.release();
    }
  }

  beforeAll(async () => {
    stack = await startQueryTestStack('qs_activity_names');
    const stream = `project-${projectId}`;
    await apply('ProjectCreated', {
      projectId, teamId, link: 'sommerfest', name: 'Sommerfest', colour: 1, status: 3, visibility: 'team',
      settings: { hideArchived: false, comments: true, description: '' }, shareHash: 'a'.repeat(22), startDate: null,
      createdBy: user, createdAt: '2026-01-01T10:00:00.000Z', copiedFrom: null,
    }, stream);
    await apply('PhaseAdded', { projectId, phaseId, name: 'Aufbau', description: '', folderId: null, copiedFrom: null }, stream);
    await apply('ListAdded', {
      projectId, listId, phaseId, type: 1, name: 'Helfer', description: '', window: { opensAt: null, closesAt: null, endsAt: null },
      attendance: 'automatic', fields: [], settings: { waitlist: false, maxPerPerson: null, allowAnonymous: false, showNames: 'all' }, copiedFrom: null,
    }, stream);
    await apply('ItemAdded', { projectId, listId, itemId, name: 'Grill', description: '', capacity: 2, vote: null, date: null, time: null, copiedFrom: null }, stream);
    await apply('SignUpAdded', {
      projectId, listId, itemId, signupId, userId: user, name: null, values: {}, vote: null, status: 'placed', by: 'self', tokenHash: null,
      at: '2026-01-01T10:05:00.000Z',
    }, `signups-${listId}`);
    await apply('ItemEdited', { projectId, listId, itemId, name: 'Grillstand' }, stream);
    await apply('SignUpCancelled', { projectId, listId, itemId, signupId, by: 'self' }, `signups-${listId}`);
    await apply('ListRemoved', { projectId, listId }, stream);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('names the object, its project and list, and a sign-up\'s item, also once the object is gone', async () => {
    const page = await listActivity(stack.pool, { teamId, limit: 20 });
    const names = await namesOf(stack.pool, teamId, page.items);
    const byType = new Map(page.items.map((entry) => [entry.eventType, names.get(entry.eventId)]));
    expect(byType.get('ProjectCreated')).toEqual({ object: 'Sommerfest', project: 'Sommerfest', list: null, item: null });
    expect(byType.get('PhaseAdded')).toEqual({ object: 'Aufbau', project: 'Sommerfest', list: null, item: null });
    // The list was removed: its name comes from the change that set it.
    expect(byType.get('ListAdded')).toEqual({ object: 'Helfer', project: 'Sommerfest', list: 'Helfer', item: null });
    expect(byType.get('ListRemoved')).toEqual({ object: 'Helfer', project: 'Sommerfest', list: 'Helfer', item: null });
    // The item's newest name; the cancelled sign-up finds its item through the sign-up's history.
    expect(byType.get('ItemAdded')).toMatchObject({ object: 'Grillstand', list: 'Helfer' });
    expect(byType.get('SignUpAdded')).toEqual({ object: null, project: 'Sommerfest', list: 'Helfer', item: 'Grillstand' });
    expect(byType.get('SignUpCancelled')).toEqual({ object: null, project: 'Sommerfest', list: 'Helfer', item: 'Grillstand' });
  });

  it('gives the sentences the console and the CSV show', async () => {
    const page = await listActivity(stack.pool, { teamId, limit: 20 });
    const names = await namesOf(stack.pool, teamId, page.items);
    const sentences = page.items.map((entry) => activitySentence({
      eventType: entry.eventType, action: entry.action, actor: { kind: 'user', name: 'Anna' }, changes: entry.changes,
      names: names.get(entry.eventId) ?? { object: null, project: null, list: null, item: null },
    }, 'de'));
    expect(sentences).toEqual([
      'Anna hat die Liste „Helfer“ entfernt',
      'Anna hat eine Eintragung für „Grillstand“ zurückgezogen',
      'Anna hat in der Liste „Helfer“ den Eintrag „Grillstand“ bearbeitet',
      'Anna hat sich für „Grillstand“ eingetragen',
      'Anna hat in der Liste „Helfer“ den Eintrag „Grillstand“ angelegt',
      'Anna hat die Liste „Helfer“ angelegt',
      'Anna hat im Projekt „Sommerfest“ die Phase „Aufbau“ angelegt',
      'Anna hat das Projekt „Sommerfest“ angelegt',
    ]);
  });

  it('answers no names for another team\'s question about the same ids', async () => {
    const page = await listActivity(stack.pool, { teamId, limit: 20 });
    const foreign = await namesOf(stack.pool, randomUUID(), page.items.filter((e) => e.eventType === 'ListRemoved'));
    expect([...foreign.values()][0]).toEqual({ object: null, project: null, list: null, item: null });
  });
});
