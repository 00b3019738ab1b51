import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { CONTACT_SORTS, listContactsQuery } from './contact.endpoints';
import { CONTACT_EXPORT_FORMATS, CONTACT_EXPORT_LANGUAGES, MAX_CONTACT_EXPORT_ROWS } from './contact-export.events';
import { CONTACT_STATUSES } from './contact.events';
import { CONTACT_TYPES } from '../constants';

const tag = 'contacts';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /v5/team/{teamId}/contact/export: the list's view as a file — the same filters and order as
 * GET /v5/team/{teamId}/contact (q, type, status, blocked, sort), every field of every match.
 * `lang` names the column headers' language, else Accept-Language, else German.
 */
export const exportContactsQuery = listContactsQuery.omit({ limit: true, offset: true }).extend({
  format: z.enum(CONTACT_EXPORT_FORMATS).default('csv'),
  lang: z.enum(CONTACT_EXPORT_LANGUAGES).optional(),
}).strict();
export type ExportContactsQuery = z.output<typeof exportContactsQuery>;

/** The answer's header with how many contacts the file holds (the console records it). */
export const CONTACT_EXPORT_COUNT_HEADER = 'x-contact-count';

// POST /v5/team/{teamId}/contact/export: records an export that was made (ADR 0016).
export const recordContactExportBody = z.object({
  format: z.enum(CONTACT_EXPORT_FORMATS),
  language: z.enum(CONTACT_EXPORT_LANGUAGES),
  q: z.string().trim().max(100).default(''),
  type: z.enum(CONTACT_TYPES).nullable().default(null),
  status: z.enum(CONTACT_STATUSES).nullable().default(null),
  blocked: z.boolean().nullable().default(null),
  sort: z.enum(CONTACT_SORTS).default('name'),
  count: z.number().int().min(0).max(MAX_CONTACT_EXPORT_ROWS),
}).strict();
export type RecordContactExportBody = z.infer<typeof recordContactExportBody>;

export const exportContactsEndpoint = defineEndpoint({
  operationId: 'exportContacts', method: 'GET', path: '/v5/team/{teamId}/contact/export', service: 'query', tag,
  summary: 'The contact list’s filtered view as a file: CSV for German Excel (UTF-8 with BOM, semicolons) or XLSX, headers in de/en/fr/it (manage_contact)',
  query: exportContactsQuery,
  response: z.string().describe(`text/csv or ${XLSX_TYPE}`),
  download: ['text/csv', XLSX_TYPE],
});

export const recordContactExportEndpoint = defineEndpoint({
  operationId: 'recordContactExport', method: 'POST', path: '/v5/team/{teamId}/contact/export', service: 'command', tag,
  summary: 'Record an export of contacts (format, filters, count) in the team’s activity log (manage_contact)',
  body: recordContactExportBody,
  successStatus: 201,
  response: z.object({ exportId: z.uuid(), checkpoint: z.string() }),
});

export const contactExportEndpoints = [exportContactsEndpoint, recordContactExportEndpoint] as const;
