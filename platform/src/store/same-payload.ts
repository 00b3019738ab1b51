import type { NewEvent, RecordedEvent } from '@planwerk/events';

/** Equal as JSON values (key order and undefined fields aside), as `jsonb` compares them. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(JSON.parse(JSON.stringify(a ?? null))) === canonicalJson(JSON.parse(JSON.stringify(b ?? null)));
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value as Record<string, unknown>).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Whether a stored event is the one a retried append carries: same id, type and data. Metadata
 * is not compared (a retry has its own correlation id).
 */
export function isSameEvent(stored: RecordedEvent | undefined, event: NewEvent): boolean {
  return stored !== undefined && stored.eventId.toLowerCase() === event.eventId.toLowerCase() && stored.type === event.type && sameJson(stored.data, event.data);
}
