import { z } from 'zod';
import type { RecordedEvent } from '../envelope';
import { defineEvent } from './event-definition';
import { EventCatalogue, InvalidEventData, UnknownEventType } from './event-catalogue';
import { MissingUpcaster } from './upcaster-registry';

const Renamed = defineEvent({
  type: 'ThingRenamed',
  feature: 'things',
  schemaVersion: 3,
  schema: z.object({ id: z.string(), title: z.string(), note: z.string() }),
  describe: (d) => ({ object: { kind: 'thing', id: d.id }, projectId: null, listId: null, action: 'things.renamed', fields: { title: d.title } }),
});

function recorded(type: string, data: unknown, schemaVersion: number): RecordedEvent {
  return {
    eventId: 'e1', type, data, streamId: 's', streamVersion: 1, checkpoint: 'c', recordedAt: new Date(0),
    metadata: { commandId: 'c', correlationId: 'c', causationId: null, actor: { kind: 'system', id: 'test' }, teamId: null, schemaVersion },
  };
}

describe('EventCatalogue', () => {
  const catalogue = new EventCatalogue([Renamed]);
  catalogue.upcasters
    .register('ThingRenamed', 1, (d) => ({ ...(d as object), title: (d as { name: string }).name }))
    .register('ThingRenamed', 2, (d) => ({ ...(d as object), note: '' }));

  it('lifts an old event through every upcaster to the current version', () => {
    const parsed = catalogue.parse(recorded('ThingRenamed', { id: 't', name: 'Old' }, 1));
    expect(parsed.data).toEqual({ id: 't', title: 'Old', note: '' });
    expect(parsed.metadata.schemaVersion).toBe(3);
  });

  it('leaves a current event as it is', () => {
    expect(catalogue.parse(recorded('ThingRenamed', { id: 't', title: 'T', note: 'n' }, 3)).data).toEqual({ id: 't', title: 'T', note: 'n' });
  });

  it('takes null for exactly the personal fields whose key was erased (crypto-shredding), nothing else', () => {
    const erased = recorded('ThingRenamed', { id: 't', title: null, note: 'n' }, 3);
    const withErasure = { ...erased, metadata: { ...erased.metadata, erased: true, erasedFields: ['title'] } };
    expect(catalogue.parse(withErasure).data).toEqual({ id: 't', title: null, note: 'n' });
    expect(() => catalogue.parse(erased)).toThrow(InvalidEventData);
    const other = recorded('ThingRenamed', { id: 't', title: 'T', note: null }, 3);
    expect(() => catalogue.parse({ ...other, metadata: { ...other.metadata, erased: true, erasedFields: ['title'] } })).toThrow(InvalidEventData);
  });

  it('refuses an unknown type, naming it', () => {
    expect(() => catalogue.parse(recorded('Nope', {}, 1))).toThrow(UnknownEventType);
  });

  it('refuses data that does not match the schema, naming the field', () => {
    expect(() => catalogue.parse(recorded('ThingRenamed', { id: 't', title: 5, note: '' }, 3))).toThrow(/title/);
    expect(() => catalogue.parse(recorded('ThingRenamed', { id: 't', title: 5, note: '' }, 3))).toThrow(InvalidEventData);
  });

  it('names a missing upcaster', () => {
    const bare = new EventCatalogue([Renamed]);
    expect(() => bare.parse(recorded('ThingRenamed', { id: 't' }, 2))).toThrow(MissingUpcaster);
  });

  it('refuses a type registered twice', () => {
    expect(() => new EventCatalogue([Renamed, Renamed])).toThrow(/twice/);
  });
});
