import type { ActivityDescription, RecordedEvent } from '@planwerk/events';
import { diffFields, erasedPerson, evolveActivity, evolveActivityBatch, objectKey, withoutPersonalFields } from './activity-log.evolve';

function event(overrides: Partial<RecordedEvent> = {}): RecordedEvent {
  return {
    eventId: '00000000-0000-4000-8000-000000000001', type: 'ThingRenamed', data: {}, streamId: 'thing-1', streamVersion: 2,
    checkpoint: 'c2', recordedAt: new Date('2025-03-01T10:00:00Z'),
    metadata: { commandId: 'cmd', correlationId: 'cor', causationId: null, actor: { kind: 'user', id: 'u1' }, teamId: 'team-1', schemaVersion: 1 },
    ...overrides,
  };
}

const renamed = (fields: Record<string, unknown>, extra: Partial<ActivityDescription> = {}): ActivityDescription => ({
  object: { kind: 'thing', id: 't1' }, projectId: 'p1', listId: null, action: 'things.renamed', fields, ...extra,
});

describe('activity log evolve', () => {
  it('shows every field as new when the object was unknown', () => {
    const { row, fields } = evolveActivity(null, event(), renamed({ title: 'A', colour: 3 }));
    expect(row.changes).toEqual([{ field: 'title', before: null, after: 'A' }, { field: 'colour', before: null, after: 3 }]);
    expect(fields).toEqual({ title: 'A', colour: 3 });
  });

  it('takes before values from the last known fields and lists only what changed', () => {
    const { row, fields } = evolveActivity({ title: 'A', colour: 3, note: 'n' }, event(), renamed({ title: 'B', colour: 3 }));
    expect(row.changes).toEqual([{ field: 'title', before: 'A', after: 'B' }]);
    expect(fields).toEqual({ title: 'B', colour: 3, note: 'n' });
  });

  it('compares nested values regardless of key order', () => {
    expect(diffFields({ meta: { a: 1, b: 2 } }, { meta: { b: 2, a: 1 } })).toEqual([]);
    expect(diffFields({ meta: { a: 1 } }, { meta: { a: 2 } })).toEqual([{ field: 'meta', before: { a: 1 }, after: { a: 2 } }]);
  });

  it('forgets the object when the event removes it', () => {
    const { row, fields } = evolveActivity({ title: 'B' }, event(), renamed({ title: null }, { removesObject: true }));
    expect(row.changes).toEqual([{ field: 'title', before: 'B', after: null }]);
    expect(fields).toBeNull();
  });

  it('records who, what, when and where from the envelope and the description', () => {
    const { row } = evolveActivity(null, event({ metadata: { ...event().metadata, actor: { kind: 'anonymous', id: 'v9', name: 'Gast' } } }), renamed({}));
    expect(row).toMatchObject({
      eventId: '00000000-0000-4000-8000-000000000001', teamId: 'team-1', projectId: 'p1', listId: null,
      objectKind: 'thing', objectId: 't1', action: 'things.renamed', eventType: 'ThingRenamed',
      actorKind: 'anonymous', actorId: 'v9', actorName: 'Gast', recordedAt: new Date('2025-03-01T10:00:00Z'),
      checkpoint: 'c2', streamId: 'thing-1', streamVersion: 2, changes: [],
    });
  });

  it('knows no display name for a signed-in user from the event alone', () => {
    expect(evolveActivity(null, event(), renamed({})).row.actorName).toBeNull();
  });

  it('carries an object\'s fields from one event to the next within a batch, as the jsonb column would', () => {
    const known = new Map([[objectKey('thing', 't1'), { title: 'A', note: 'n' }]]);
    const { rows, objects } = evolveActivityBatch(known, [
      { event: event({ eventId: 'e1' }), description: renamed({ title: 'B', due: undefined }) },
      { event: event({ eventId: 'e2' }), description: renamed({ title: 'B', due: 'tomorrow' }) },
      { event: event({ eventId: 'e3' }), description: renamed({ title: null }, { removesObject: true }) },
      { event: event({ eventId: 'e4' }), description: renamed({ title: 'C' }, { object: { kind: 'thing', id: 't2' } }) },
    ]);
    expect(rows.map((row) => row.changes)).toEqual([
      [{ field: 'title', before: 'A', after: 'B' }],
      // `due: undefined` was never stored: before is null, as after a round trip through jsonb.
      [{ field: 'due', before: null, after: 'tomorrow' }],
      [{ field: 'title', before: 'B', after: null }],
      [{ field: 'title', before: null, after: 'C' }],
    ]);
    expect([...objects.values()]).toEqual([
      { kind: 'thing', id: 't1', fields: null },
      { kind: 'thing', id: 't2', fields: { title: 'C' } },
    ]);
  });

  it('drops fields the event definition names personal, whatever describe() returned', () => {
    const description = renamed({ title: 'A', name: 'Ada', values: { f1: 'x' } });
    expect(withoutPersonalFields(description, ['name', 'values']).fields).toEqual({ title: 'A' });
    expect(withoutPersonalFields(description, [])).toBe(description);
  });

  it('knows which events erase whom', () => {
    expect(erasedPerson({ type: 'AccountErased', data: { userId: 'u9', erasedAt: '2025-01-01T00:00:00Z' } })).toBe('u9');
    expect(erasedPerson({ type: 'ThingRenamed', data: { userId: 'u9' } })).toBeNull();
    expect(erasedPerson({ type: 'AccountErased', data: null })).toBeNull();
  });
});
