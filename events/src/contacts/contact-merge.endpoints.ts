import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { CONTACT_DETAIL_FIELDS, type ContactDetailField } from './contact.events';
import { contactSummarySchema } from './contact.endpoints';

const tag = 'contacts';
const checkpoint = z.string();
const detailField = z.enum(CONTACT_DETAIL_FIELDS as [ContactDetailField, ...ContactDetailField[]]);

/** Why two contacts look like one person: the same e-mail, a similar name (and the same or no birth date). */
export const MERGE_REASONS = ['sameEmail', 'similarName'] as const;
export type MergeReason = (typeof MERGE_REASONS)[number];
export const MAX_MERGE_SUGGESTIONS = 100;

// GET /v5/team/{teamId}/contact/merge/suggestions: pairs of likely duplicates, best first.
export const listMergeSuggestionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_MERGE_SUGGESTIONS).default(50),
  minCheckpoint: z.string().min(1).max(200).optional(),
}).strict();

export const mergeSuggestionSchema = z.object({
  a: contactSummarySchema,
  b: contactSummarySchema,
  /** 0..100: the same e-mail weighs most, then how alike the names are; the same birth date adds. */
  score: z.number().int().min(0).max(100),
  reasons: z.array(z.enum(MERGE_REASONS)),
});
export type MergeSuggestion = z.infer<typeof mergeSuggestionSchema>;

/**
 * POST /v5/team/{teamId}/contact/merge: `mergedId` goes into `survivorId`. `fields` says per
 * field whose value stays; a field not named keeps the survivor's value unless that is empty and
 * the other's is not. Versions (as the screen read them) refuse a merge over someone's edit.
 */
export const mergeContactsBody = z.object({
  survivorId: z.uuid(),
  mergedId: z.uuid(),
  fields: z.partialRecord(detailField, z.enum(['survivor', 'merged'])).default({}),
  survivorVersion: z.number().int().min(1).optional(),
  mergedVersion: z.number().int().min(1).optional(),
}).strict();
export type MergeContactsBody = z.infer<typeof mergeContactsBody>;

// POST /v5/team/{teamId}/contact/merge/{mergeId}/undo
export const undoContactMergeBody = z.object({ survivorId: z.uuid() }).strict();
export type UndoContactMergeBody = z.infer<typeof undoContactMergeBody>;

export const listMergeSuggestionsEndpoint = defineEndpoint({
  operationId: 'listContactMergeSuggestions', method: 'GET', path: '/v5/team/{teamId}/contact/merge/suggestions', service: 'query', tag,
  summary: 'Likely duplicate contacts of the team (same e-mail, similar name with the same or no birth date), scored and explained (manage_contact)',
  query: listMergeSuggestionsQuery,
  response: z.object({ suggestions: z.array(mergeSuggestionSchema) }),
});

export const mergeContactsEndpoint = defineEndpoint({
  operationId: 'mergeContacts', method: 'POST', path: '/v5/team/{teamId}/contact/merge', service: 'command', tag,
  summary: 'Merge one contact into another, field by field (manage_contact); undoable',
  body: mergeContactsBody,
  successStatus: 201,
  response: z.object({ mergeId: z.uuid(), survivorId: z.uuid(), mergedId: z.uuid(), changed: z.array(detailField), checkpoint }),
});

export const undoContactMergeEndpoint = defineEndpoint({
  operationId: 'undoContactMerge', method: 'POST', path: '/v5/team/{teamId}/contact/merge/{mergeId}/undo', service: 'command', tag,
  summary: 'Undo a merge: both contacts as they were before (manage_contact)',
  body: undoContactMergeBody,
  response: z.object({ mergeId: z.uuid(), undone: z.boolean(), checkpoint }),
});

export const contactMergeEndpoints = [listMergeSuggestionsEndpoint, mergeContactsEndpoint, undoContactMergeEndpoint] as const;
