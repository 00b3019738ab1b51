import { z } from 'zod';
import type { RecordedEvent } from '../envelope';
import type { EventDefinition } from './event-definition';
import { UpcasterRegistry } from './upcaster-registry';

export class UnknownEventType extends Error {
  constructor(readonly type: string, readonly eventId: string) {
    super(`Unknown event type "${type}" (event ${eventId}): deploy the code that knows it, or use the operator command to skip it`);
    this.name = 'UnknownEventType';
  }
}

export class InvalidEventData extends Error {
  constructor(readonly type: string, readonly eventId: string, readonly issues: string) {
    super(`Event ${eventId} of type "${type}" does not match its schema: ${issues}`);
    this.name = 'InvalidEventData';
  }
}

/** All event types the system knows, with their schemas and upcasters. */
export class EventCatalogue {
  private readonly definitions = new Map<string, EventDefinition>();
  readonly upcasters = new UpcasterRegistry();

  constructor(definitions: readonly EventDefinition[] = []) {
    for (const definition of definitions) this.register(definition);
  }

  register(definition: EventDefinition): this {
    if (this.definitions.has(definition.type)) throw new Error(`Event type ${definition.type} is registered twice`);
    this.definitions.set(definition.type, definition);
    for (const [from, upcaster] of Object.entries(definition.upcasters ?? {})) this.upcasters.register(definition.type, Number(from), upcaster);
    return this;
  }

  has(type: string): boolean {
    return this.definitions.has(type);
  }

  get(type: string, eventId = '?'): EventDefinition {
    const definition = this.definitions.get(type);
    if (!definition) throw new UnknownEventType(type, eventId);
    return definition;
  }

  types(): string[] {
    return [...this.definitions.keys()];
  }

  personalFields(type: string): readonly string[] {
    return this.definitions.get(type)?.personalFields ?? [];
  }

  authoredFields(type: string): readonly string[] {
    return this.definitions.get(type)?.authoredFields ?? [];
  }

  /**
   * The schema an event is checked with. A personal field whose person's key was erased reads
   * as null (crypto-shredding, rule 8): the schema takes null for exactly those fields, so an
   * erased visitor's or member's events never stop a projection or a rebuild.
   */
  private schemaOf(definition: EventDefinition, erasedFields: readonly string[] | undefined): z.ZodType {
    if (!erasedFields || erasedFields.length === 0 || !(definition.schema instanceof z.ZodObject)) return definition.schema;
    const shape = definition.schema.shape as Record<string, z.ZodType>;
    const nullable = Object.fromEntries(erasedFields.filter((field) => field in shape).map((field) => [field, shape[field]!.nullable()]));
    return definition.schema.extend(nullable);
  }

  /** Upcasts to the current schema version and validates; unknown types throw (rule 7). */
  parse(event: RecordedEvent): RecordedEvent {
    const definition = this.get(event.type, event.eventId);
    const stored = event.metadata.schemaVersion ?? 1;
    const lifted = stored === definition.schemaVersion
      ? event.data
      : this.upcasters.upcast(event.type, event.data, stored, definition.schemaVersion);
    const result = this.schemaOf(definition, event.metadata.erasedFields).safeParse(lifted);
    if (!result.success) {
      const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
      throw new InvalidEventData(event.type, event.eventId, issues);
    }
    return { ...event, data: result.data, metadata: { ...event.metadata, schemaVersion: definition.schemaVersion } };
  }
}
