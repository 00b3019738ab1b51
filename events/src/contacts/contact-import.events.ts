import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';

// Importing contacts from a spreadsheet (issue 15: .xlsx, .ods, CSV). The rows themselves are
// personal data and never enter the log as plaintext: each imported row becomes an ordinary
// ContactCreated (source 'import') on its own stream, encrypted under the contact's own key. The
// import's own stream, `contact-import-<importId>`, holds only counts — when it started with how
// many rows, and when it finished with how many contacts were imported, skipped and failed — so
// the activity log says "Anna hat 1.234 Kontakte importiert" without naming anybody.

export const contactImportStream = (importId: string): string => `contact-import-${importId}`;

const contactImport = (importId: string) => ({ kind: 'contactImport', id: importId });
const count = z.number().int().min(0);

export const ContactImportStarted = defineEvent({
  type: 'ContactImportStarted',
  feature: 'contacts',
  schemaVersion: 1,
  schema: z.object({
    importId: z.uuid(),
    teamId: z.uuid(),
    /** xlsx, ods or csv. */
    format: z.enum(['xlsx', 'ods', 'csv']),
    /** Rows the job will create contacts from (after the dry run's choices). */
    rows: count,
    startedAt: z.iso.datetime({ offset: true }),
  }),
  describe: (d) => ({ object: contactImport(d.importId), projectId: null, listId: null, action: 'contacts.importStarted', fields: { importRows: d.rows } }),
});

export const ContactImportFinished = defineEvent({
  type: 'ContactImportFinished',
  feature: 'contacts',
  schemaVersion: 1,
  schema: z.object({
    importId: z.uuid(),
    teamId: z.uuid(),
    imported: count,
    skipped: count,
    failed: count,
    finishedAt: z.iso.datetime({ offset: true }),
  }),
  describe: (d) => ({
    object: contactImport(d.importId), projectId: null, listId: null, action: 'contacts.imported',
    fields: { importedContacts: d.imported, skippedContacts: d.skipped, failedContacts: d.failed },
  }),
});

export const contactImportEvents = [ContactImportStarted, ContactImportFinished] as const;

type Definitions = (typeof contactImportEvents)[number];

export type ContactImportEvent = {
  [D in Definitions as D['type']]: { type: D['type']; data: EventDataOf<D> };
}[Definitions['type']];
