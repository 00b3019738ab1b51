import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { CONTACT_TYPES } from '../constants';
import { CONTACT_DETAIL_FIELDS, CONTACT_STATUSES, contactDetailsSchema, type ContactDetailField } from './contact.events';

const tag = 'contacts';
const checkpoint = z.string();

// Commands (manage_contact; spec sections 2 and 6). A contact needs a first or last name or a
// company (`contact_name_required`, field lastName).

// POST /v5/team/{teamId}/contact
export const createContactBody = z.object({
  type: z.enum(CONTACT_TYPES).default('contact'),
  status: z.enum(CONTACT_STATUSES).default('active'),
  details: contactDetailsSchema.partial(),
}).strict();
export type CreateContactBody = z.infer<typeof createContactBody>;

// PUT /v5/team/{teamId}/contact/{contactId}: only what is given changes. `version` (the
// contact's version as the form read it) refuses an edit over someone else's (409 conflict).
export const editContactBody = z.object({
  type: z.enum(CONTACT_TYPES).optional(),
  status: z.enum(CONTACT_STATUSES).optional(),
  details: contactDetailsSchema.partial().optional(),
  version: z.number().int().min(1).optional(),
}).strict();
export type EditContactBody = z.infer<typeof editContactBody>;

// PUT /v5/team/{teamId}/contact/{contactId}/block
export const blockContactBody = z.object({ blocked: z.boolean() }).strict();
export type BlockContactBody = z.infer<typeof blockContactBody>;

export const contactParams = z.object({ teamId: z.uuid(), contactId: z.uuid() });

// Queries.
export const MAX_CONTACT_PAGE_SIZE = 200;
export const CONTACT_SORTS = ['name', '-name', 'created', '-created', 'updated', '-updated'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/** GET /v5/team/{teamId}/contact: search as you type (name, company, e-mail, phone, city), filters, a page. */
export const listContactsQuery = z.object({
  q: z.string().trim().max(100).optional(),
  type: z.enum(CONTACT_TYPES).optional(),
  status: z.enum(CONTACT_STATUSES).optional(),
  blocked: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  sort: z.enum(CONTACT_SORTS).default('name'),
  limit: z.coerce.number().int().min(1).max(MAX_CONTACT_PAGE_SIZE).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  minCheckpoint: z.string().min(1).max(200).optional(),
}).strict();
export type ListContactsQuery = z.infer<typeof listContactsQuery>;

export const contactSummarySchema = z.object({
  contactId: z.uuid(),
  type: z.enum(CONTACT_TYPES),
  status: z.enum(CONTACT_STATUSES),
  blocked: z.boolean(),
  /** What lists show: name, else company, else e-mail. */
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  updatedAt: z.string(),
});
export type ContactSummary = z.infer<typeof contactSummarySchema>;

export const contactPageSchema = z.object({ items: z.array(contactSummarySchema), total: z.number().int().min(0) });
export type ContactPage = z.infer<typeof contactPageSchema>;

export const contactViewSchema = z.object({
  contactId: z.uuid(),
  teamId: z.uuid(),
  type: z.enum(CONTACT_TYPES),
  status: z.enum(CONTACT_STATUSES),
  blocked: z.boolean(),
  displayName: z.string(),
  details: contactDetailsSchema,
  source: z.string(),
  /** The stream version, for `version` on edit. */
  version: z.number().int().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactView = z.infer<typeof contactViewSchema>;

const detailField = z.enum(CONTACT_DETAIL_FIELDS as [ContactDetailField, ...ContactDetailField[]]);

/** One entry of a contact's history, newest first: who did what, and every field before and after. */
export const contactHistoryEntrySchema = z.object({
  eventId: z.uuid(),
  at: z.string(),
  /** created, edited, blocked, unblocked, removed; a merge: merged / mergeUndone (survivor), mergedInto / unmerged (the other). */
  kind: z.enum(['created', 'edited', 'blocked', 'unblocked', 'removed', 'merged', 'mergedInto', 'mergeUndone', 'unmerged']),
  /** The contact activity code of spec section 3 where the entry has one (1 new, 2 removed). */
  code: z.number().int().nullable(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  changes: z.array(z.object({ field: z.union([detailField, z.enum(['type', 'status', 'blocked'])]), before: z.unknown(), after: z.unknown() })),
});
export type ContactHistoryEntry = z.infer<typeof contactHistoryEntrySchema>;

export const createContactEndpoint = defineEndpoint({
  operationId: 'createContact', method: 'POST', path: '/v5/team/{teamId}/contact', service: 'command', tag,
  summary: 'Add a contact to the team (manage_contact)',
  body: createContactBody,
  successStatus: 201,
  response: z.object({ contactId: z.uuid(), checkpoint }),
});

export const editContactEndpoint = defineEndpoint({
  operationId: 'editContact', method: 'PUT', path: '/v5/team/{teamId}/contact/{contactId}', service: 'command', tag,
  summary: 'Change a contact: only the given fields (manage_contact)',
  body: editContactBody,
  response: z.object({ contactId: z.uuid(), changed: z.boolean(), version: z.number().int(), checkpoint }),
});

export const blockContactEndpoint = defineEndpoint({
  operationId: 'blockContact', method: 'PUT', path: '/v5/team/{teamId}/contact/{contactId}/block', service: 'command', tag,
  summary: 'Block or unblock a contact (manage_contact)',
  body: blockContactBody,
  response: z.object({ contactId: z.uuid(), blocked: z.boolean(), checkpoint }),
});

export const removeContactEndpoint = defineEndpoint({
  operationId: 'removeContact', method: 'DELETE', path: '/v5/team/{teamId}/contact/{contactId}', service: 'command', tag,
  summary: 'Remove a contact and erase its personal data (manage_contact)',
  response: z.object({ contactId: z.uuid(), removed: z.boolean(), checkpoint }),
});

export const listContactsEndpoint = defineEndpoint({
  operationId: 'listContacts', method: 'GET', path: '/v5/team/{teamId}/contact', service: 'query', tag,
  summary: 'The team’s contacts: search, filters, sort and a page (manage_contact)',
  query: listContactsQuery,
  response: contactPageSchema,
});

export const getContactEndpoint = defineEndpoint({
  operationId: 'getContact', method: 'GET', path: '/v5/team/{teamId}/contact/{contactId}', service: 'query', tag,
  summary: 'One contact with all its fields (manage_contact)',
  query: z.object({ minCheckpoint: z.string().min(1).max(200).optional() }).strict(),
  response: contactViewSchema,
});

export const getContactHistoryEndpoint = defineEndpoint({
  operationId: 'getContactHistory', method: 'GET', path: '/v5/team/{teamId}/contact/{contactId}/history', service: 'query', tag,
  summary: 'A contact’s history from its events, newest first, field by field (manage_contact)',
  query: z.object({ minCheckpoint: z.string().min(1).max(200).optional() }).strict(),
  response: z.object({ entries: z.array(contactHistoryEntrySchema) }),
});

export const contactEndpoints = [
  createContactEndpoint, editContactEndpoint, blockContactEndpoint, removeContactEndpoint,
  listContactsEndpoint, getContactEndpoint, getContactHistoryEndpoint,
] as const;
