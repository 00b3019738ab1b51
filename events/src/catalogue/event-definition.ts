import type { z } from 'zod';

/**
 * How the activity log shows an event: which object it touched and which fields it set.
 * The activity projection keeps the last known fields per object, so "before" values come
 * from earlier events and need not be repeated in every payload.
 */
export interface ActivityDescription {
  object: { kind: string; id: string };
  /** Project / list context for filtering; null when the event is not about a project. */
  projectId: string | null;
  listId: string | null;
  /** Short verb key, translated by the frontend: `feedback.voted`, `projects.statusChanged`, ... */
  action: string;
  /** The fields the event sets on the object (new values). Personal fields are left out. */
  fields: Record<string, unknown>;
  /** True when the object is gone after this event (its remembered fields are cleared). */
  removesObject?: boolean;
}

export interface EventDefinition<TType extends string = string, TSchema extends z.ZodType = z.ZodType> {
  type: TType;
  feature: string;
  /** Current schema version of `data`; older stored versions are lifted by upcasters. */
  schemaVersion: number;
  schema: TSchema;
  /** Names of `data` fields that hold personal data (encrypted per person, rule 8). */
  personalFields: readonly string[];
  describe(data: z.infer<TSchema>): ActivityDescription;
}

export function defineEvent<TType extends string, TSchema extends z.ZodType>(
  definition: Omit<EventDefinition<TType, TSchema>, 'personalFields'> & { personalFields?: readonly string[] },
): EventDefinition<TType, TSchema> {
  return { ...definition, personalFields: definition.personalFields ?? [] };
}

export type EventDataOf<D> = D extends EventDefinition<string, infer S> ? z.infer<S> : never;
