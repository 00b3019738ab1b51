import type { z } from 'zod';
import type { Upcaster } from './upcaster-registry';

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
  /**
   * Names of `data` fields written by another person than `metadata.personId` (an inviter's
   * message beside the invitee's address): encrypted with the key of `metadata.authorPersonId`.
   */
  authoredFields?: readonly string[];
  /** Upcasters by the version they lift from (`{ 1: v1 → v2 }`); registered with the catalogue. */
  upcasters?: Readonly<Record<number, Upcaster>>;
  describe(data: z.infer<TSchema>): ActivityDescription;
}

export function defineEvent<TType extends string, TSchema extends z.ZodType>(
  definition: Omit<EventDefinition<TType, TSchema>, 'personalFields'> & { personalFields?: readonly string[] },
): EventDefinition<TType, TSchema> {
  return { ...definition, personalFields: definition.personalFields ?? [] };
}

/** The upcaster of a version that only widened the schema (the stored data reads as it is). */
export const unchangedData: Upcaster = (data) => data;

export type EventDataOf<D> = D extends EventDefinition<string, infer S> ? z.infer<S> : never;
