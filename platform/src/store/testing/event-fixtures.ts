import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from '@planwerk/events';

export function testMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    commandId: randomUUID(),
    correlationId: randomUUID(),
    causationId: null,
    actor: { kind: 'system', id: 'contract-test' },
    teamId: null,
    schemaVersion: 1,
    ...overrides,
  };
}

export function testEvent(type: string, data: unknown = {}, metadata: Partial<EventMetadata> = {}): NewEvent {
  return { eventId: randomUUID(), type, data, metadata: testMetadata(metadata) };
}

export function testEvents(count: number, type = 'ThingHappened'): NewEvent[] {
  return Array.from({ length: count }, (_, i) => testEvent(type, { i }));
}

export function testStreamId(prefix = 'contract'): string {
  return `${prefix}-${randomUUID()}`;
}
