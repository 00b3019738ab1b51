import type { ActivityDescription, RecordedEvent } from '@planwerk/events';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One line of the activity log: who did what, when, to which object, with before and after. */
export interface ActivityRow {
  eventId: string;
  teamId: string | null;
  projectId: string | null;
  listId: string | null;
  objectKind: string;
  objectId: string;
  action: string;
  eventType: string;
  actorKind: string;
  actorId: string;
  actorName: string | null;
  recordedAt: Date;
  checkpoint: string;
  streamId: string;
  streamVersion: number;
  changes: FieldChange[];
}

/** The last known fields of an object, as earlier events described them. */
export type ObjectFields = Record<string, unknown>;

export interface ActivityStep {
  row: ActivityRow;
  /** The object's fields after this event; null once the object is gone. */
  fields: ObjectFields | null;
}

// JSON with sorted keys: jsonb does not keep key order, so compare values in that form.
function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

// Strings, booleans and finite numbers compare as they are (most fields); anything else in canonical form.
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' || typeof a === 'boolean' || (typeof a === 'number' && Number.isFinite(a))) {
    if (typeof b === typeof a) return a === b;
  }
  return canonical(a) === canonical(b);
}

export function diffFields(known: ObjectFields | null, next: ObjectFields): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(next)) {
    const after = next[field];
    const before = known && field in known ? known[field] : null;
    const normalized = after === undefined ? null : after;
    if (!sameValue(before, normalized)) changes.push({ field, before, after: normalized });
  }
  return changes;
}

function actorName(event: RecordedEvent): string | null {
  const actor = event.metadata.actor;
  switch (actor.kind) {
    case 'anonymous':
      return actor.name ?? null;
    case 'user':
    case 'system':
      return null;
    default: {
      const exhaustive: never = actor;
      return exhaustive;
    }
  }
}

/** Pure: the activity row of an event and the object's fields after it. */
export function evolveActivity(known: ObjectFields | null, event: RecordedEvent, description: ActivityDescription): ActivityStep {
  const row: ActivityRow = {
    eventId: event.eventId,
    teamId: event.metadata.teamId,
    projectId: description.projectId,
    listId: description.listId,
    objectKind: description.object.kind,
    objectId: description.object.id,
    action: description.action,
    eventType: event.type,
    actorKind: event.metadata.actor.kind,
    actorId: event.metadata.actor.id,
    actorName: actorName(event),
    recordedAt: event.recordedAt,
    checkpoint: event.checkpoint,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    changes: diffFields(known, description.fields),
  };
  const fields = description.removesObject ? null : { ...(known ?? {}), ...description.fields };
  return { row, fields };
}

/** Key of an object in the remembered-fields map (NUL cannot occur in PostgreSQL text). */
export function objectKey(kind: string, id: string): string {
  return `${kind}\u0000${id}`;
}

export interface ActivityBatchResult {
  rows: ActivityRow[];
  /**
   * Fields of every touched object after the batch; null where the object is gone. Not yet
   * through JSON (undefined keys may remain): written with JSON.stringify, they give the text
   * the jsonb column keeps.
   */
  objects: Map<string, { kind: string; id: string; fields: ObjectFields | null }>;
}

/**
 * Pure: `evolveActivity` over a batch in log order, each object's fields carried from one event
 * to the next in memory; `onRow` sees each row as soon as it is made. Fields pass through JSON between events as they would through the
 * jsonb column (undefined keys dropped, dates as strings), so a batch gives the same rows as
 * one event per transaction.
 */
export function evolveActivityBatch(
  known: ReadonlyMap<string, ObjectFields>,
  steps: readonly { event: RecordedEvent; description: ActivityDescription }[],
  onRow?: (row: ActivityRow) => void,
): ActivityBatchResult {
  const rows: ActivityRow[] = [];
  const objects: ActivityBatchResult['objects'] = new Map();
  // Fields of an object seen earlier in the batch pass through JSON only when used again: most
  // objects appear once, and their fields are written as JSON anyway, which gives the same text.
  const raw = new Set<string>();
  for (const { event, description } of steps) {
    const { kind, id } = description.object;
    const key = objectKey(kind, id);
    const carried = objects.get(key);
    let current: ObjectFields | null;
    if (carried === undefined) current = known.get(key) ?? null;
    else if (carried.fields !== null && raw.delete(key)) current = JSON.parse(JSON.stringify(carried.fields)) as ObjectFields;
    else current = carried.fields;
    const { row, fields } = evolveActivity(current, event, description);
    rows.push(row);
    onRow?.(row);
    objects.set(key, { kind, id, fields });
    if (fields !== null) raw.add(key);
  }
  return { rows, objects };
}

/**
 * The description as the log may keep it: fields named personal by the event's definition are
 * dropped, whatever `describe()` returned (architecture rule 8; `describe` should leave them
 * out anyway, this makes a slip harmless).
 */
export function withoutPersonalFields(description: ActivityDescription, personalFields: readonly string[]): ActivityDescription {
  if (personalFields.length === 0 || !Object.keys(description.fields).some((field) => personalFields.includes(field))) return description;
  const fields = Object.fromEntries(Object.entries(description.fields).filter(([field]) => !personalFields.includes(field)));
  return { ...description, fields };
}

// Events that erase a person (crypto-shredding, rule 8) and whose id they name. A later
// erasure event (an anonymous visitor's data, say) adds its line here.
const ERASURES: Readonly<Record<string, (data: Record<string, unknown>) => unknown>> = {
  AccountErased: (data) => data.userId,
};

/** The person an event erases, or null: the log then scrubs what it holds about them. */
export function erasedPerson(event: Pick<RecordedEvent, 'type' | 'data'>): string | null {
  const pick = ERASURES[event.type];
  if (!pick || event.data === null || typeof event.data !== 'object') return null;
  const id = pick(event.data as Record<string, unknown>);
  return typeof id === 'string' && id !== '' ? id : null;
}
