import { randomUUID } from 'node:crypto';
import { EventTooLarge, type NewEvent } from '@planwerk/events';
import { createEventStoreDbEventStore, eventSizeBytes } from './eventstoredb-event-store';

// No server here: these checks must fail before anything is sent (port 9 on loopback has no server).
const event = (data: unknown): NewEvent => ({
  eventId: randomUUID(),
  type: 'NoteWritten',
  data,
  metadata: {
    commandId: 'c',
    correlationId: 'c',
    causationId: null,
    actor: { kind: 'system', id: 'test' },
    teamId: null,
    schemaVersion: 1,
  },
});

describe('EventStoreDB event store, before the network', () => {
  const store = createEventStoreDbEventStore({ connectionString: 'kurrentdb://127.0.0.1:9?tls=false', maxEventBytes: 1024 });

  afterAll(async () => {
    await store.close();
  });

  it('rejects an oversized event with EventTooLarge, naming it', async () => {
    const small = event({ text: 'ok' });
    const huge = event({ text: 'x'.repeat(2000) });
    const rejection = store.append('notes-1', [small, huge]);
    await expect(rejection).rejects.toBeInstanceOf(EventTooLarge);
    await expect(rejection).rejects.toMatchObject({ eventId: huge.eventId, type: 'NoteWritten', maxBytes: 1024 });
  });

  it('counts data and metadata in the event size', () => {
    const e = event({ text: 'äö' });
    expect(eventSizeBytes(e)).toBe(Buffer.byteLength(JSON.stringify(e.data)) + Buffer.byteLength(JSON.stringify(e.metadata)));
  });

  it('rejects an empty batch and bad read arguments', async () => {
    await expect(store.append('notes-1', [])).rejects.toThrow('at least one event');
    await expect(store.readAll({ maxCount: 0 })).rejects.toThrow(RangeError);
    await expect(store.readStream('notes-1', { fromVersion: 0 })).rejects.toThrow(RangeError);
  });
});
