import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';
import { CONTACT_TYPES } from '../constants';
import { CONTACT_STATUSES } from './contact.events';

// An export of the team's contacts (issue 15: "Export CSV and XLSX of any filtered view") is an
// act an auditor wants to see: who took which people's data out, when, how many and by which
// filter. The query side serves the file and never writes events (architecture.md), so the
// console records the export through the command side right after the file arrived
// (ADR 0016, "Exports are recorded"). One stream per export, `contact-export-<exportId>`; the
// team is in the data and the metadata, so it shows in the team's activity log.
//
// No data of the exported contacts is in the event. The search text may be a person's name:
// it is the exporter's own input, encrypted with the exporter's key (metadata.personId) like a
// support request's words, and null once that key is erased.

export const CONTACT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ContactExportFormat = (typeof CONTACT_EXPORT_FORMATS)[number];
/** The languages of an export's column headers. */
export const CONTACT_EXPORT_LANGUAGES = ['de', 'en', 'fr', 'it'] as const;
export type ContactExportLanguage = (typeof CONTACT_EXPORT_LANGUAGES)[number];
/** The most contacts one export holds (a team's whole list at the benchmark's 50,000 fits). */
export const MAX_CONTACT_EXPORT_ROWS = 100_000;

export const contactExportStream = (exportId: string): string => `contact-export-${exportId}`;

/** The filters of the exported view without the search text (not personal). */
export const contactExportFiltersSchema = z.object({
  type: z.enum(CONTACT_TYPES).nullable(),
  status: z.enum(CONTACT_STATUSES).nullable(),
  blocked: z.boolean().nullable(),
  sort: z.string().max(20),
  /** Whether a search text narrowed the view (the text itself is `search`). */
  searched: z.boolean(),
}).strict();
export type ContactExportFilters = z.infer<typeof contactExportFiltersSchema>;

export const ContactsExported = defineEvent({
  type: 'ContactsExported',
  feature: 'contacts',
  schemaVersion: 1,
  personalFields: ['search'],
  schema: z.object({
    exportId: z.uuid(),
    teamId: z.uuid(),
    format: z.enum(CONTACT_EXPORT_FORMATS),
    language: z.enum(CONTACT_EXPORT_LANGUAGES),
    filters: contactExportFiltersSchema,
    /** The exporter's search text; '' without one; null once the exporter's key is erased. */
    search: z.string().max(100).nullable(),
    /** How many contacts the file held. */
    count: z.number().int().min(0).max(MAX_CONTACT_EXPORT_ROWS),
    exportedAt: z.iso.datetime({ offset: true }),
  }),
  describe: (d) => ({
    object: { kind: 'contactExport', id: d.exportId }, projectId: null, listId: null, action: 'contacts.exported',
    fields: {
      exportFormat: d.format, exportedContacts: d.count,
      ...(d.filters.type !== null ? { contactType: d.filters.type } : {}),
      ...(d.filters.status !== null ? { contactStatus: d.filters.status } : {}),
      ...(d.filters.blocked !== null ? { blocked: d.filters.blocked } : {}),
      ...(d.filters.searched ? { exportSearched: true } : {}),
    },
  }),
});

export const contactExportEvents = [ContactsExported] as const;

export type ContactsExportedEvent = { type: 'ContactsExported'; data: EventDataOf<typeof ContactsExported> };
