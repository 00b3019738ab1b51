import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';

// Importing contacts (issue 15, spec section 5's limits; manage_contact). Four steps:
// 1. upload: POST …/contact/import?fileName=… with the file's bytes (application/octet-stream):
//    the file is read at once (xlsx, ods, CSV in any delimiter and encoding), its rows staged for
//    at most 24 hours, and the answer shows the columns, a preview and a guessed mapping.
// 2. check: the dry run for a mapping — every row's problem (row and column named; command side,
//    pure) and the duplicates against the team's contacts (same e-mail, or same name and birth
//    date; query side, which reads the contacts read model).
// 3. start: the import as a background job; refused while the dry run has problems unless only
//    the valid rows are wanted; the rows the person chose to skip as duplicates are named.
// 4. status: the job's progress and, at the end, the summary (query side).

const tag = 'contacts';
const checkpoint = z.string();

export const CONTACT_IMPORT_LIMITS = { rows: 10_000, columns: 100, bytes: 10 * 1024 * 1024 } as const;
export const CONTACT_IMPORT_FORMATS = ['xlsx', 'ods', 'csv'] as const;
export type ContactImportFormat = (typeof CONTACT_IMPORT_FORMATS)[number];
/** How long staged rows are kept at most. */
export const CONTACT_IMPORT_TTL_HOURS = 24;
export const CONTACT_IMPORT_PREVIEW_ROWS = 5;

/** The contact fields a column can go to; `type` is the contact's kind (Art). */
export const CONTACT_IMPORT_FIELDS = [
  'firstName', 'lastName', 'company', 'email', 'phone', 'mobile', 'street', 'postcode', 'city', 'country', 'birthDate', 'note', 'type',
] as const;
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];

/** One entry per column: the field it goes to, or null (nicht importieren). */
export const contactImportMapping = z.array(z.enum(CONTACT_IMPORT_FIELDS).nullable()).min(1).max(CONTACT_IMPORT_LIMITS.columns);
export type ContactImportMapping = z.infer<typeof contactImportMapping>;

/** Why an upload was refused (details.reason of a 400 `validation_failed` on field `file`). */
export const CONTACT_IMPORT_FILE_ERRORS = ['too_large', 'too_many_rows', 'too_many_columns', 'unreadable', 'empty', 'unknown_format'] as const;
export type ContactImportFileError = (typeof CONTACT_IMPORT_FILE_ERRORS)[number];

/** The body of that 400: which limit, and what the file had (rows, columns, bytes). */
export const contactImportFileErrorBody = z.object({
  reason: z.enum(CONTACT_IMPORT_FILE_ERRORS),
  limit: z.number().int().optional(),
  found: z.number().int().optional(),
  /** What the file's name said it is, where its bytes are not that. */
  expected: z.string().optional(),
});
export type ContactImportFileErrorBody = z.infer<typeof contactImportFileErrorBody>;

export const uploadContactImportQuery = z.object({ fileName: z.string().trim().min(1).max(255) }).strict();

export const contactImportColumnSchema = z.object({
  index: z.number().int().min(0),
  header: z.string(),
  guess: z.enum(CONTACT_IMPORT_FIELDS).nullable(),
});

export const contactImportUploadSchema = z.object({
  importId: z.uuid(),
  fileName: z.string(),
  format: z.enum(CONTACT_IMPORT_FORMATS),
  rowCount: z.number().int().min(0),
  columns: z.array(contactImportColumnSchema),
  /** The first rows as text (a formula without a stored value shows as its formula, `=…`). */
  preview: z.array(z.array(z.string())),
  expiresAt: z.string(),
});
export type ContactImportUpload = z.infer<typeof contactImportUploadSchema>;

export const CONTACT_IMPORT_PROBLEMS = [
  'name_required', 'invalid_email', 'invalid_phone', 'invalid_postcode', 'unknown_country', 'invalid_date', 'invalid_type', 'too_long', 'formula', 'invalid_text',
] as const;
export type ContactImportProblemCode = (typeof CONTACT_IMPORT_PROBLEMS)[number];

export const contactImportProblemSchema = z.object({
  /** The row as the spreadsheet numbers it (the header is row 1). */
  row: z.number().int().min(1),
  /** The column's index and header; null for a problem of the whole row (no name). */
  column: z.number().int().min(0).nullable(),
  header: z.string().nullable(),
  field: z.enum(CONTACT_IMPORT_FIELDS).nullable(),
  code: z.enum(CONTACT_IMPORT_PROBLEMS),
  /** The cell as read (at most 100 characters). */
  value: z.string().nullable(),
});
export type ContactImportProblem = z.infer<typeof contactImportProblemSchema>;

export const CONTACT_IMPORT_DUPLICATE_KINDS = ['email', 'nameAndBirthDate'] as const;
export type ContactImportDuplicateKind = (typeof CONTACT_IMPORT_DUPLICATE_KINDS)[number];

export const contactImportDuplicateSchema = z.object({
  row: z.number().int().min(1),
  kind: z.enum(CONTACT_IMPORT_DUPLICATE_KINDS),
  /** The existing contact, or null where an earlier row of the same file is the original. */
  contactId: z.uuid().nullable(),
  displayName: z.string().nullable(),
  /** The earlier row of the file (for duplicates inside the file). */
  ofRow: z.number().int().nullable(),
});
export type ContactImportDuplicate = z.infer<typeof contactImportDuplicateSchema>;

export const checkContactImportBody = z.object({ mapping: contactImportMapping }).strict();
export type CheckContactImportBody = z.infer<typeof checkContactImportBody>;

export const contactImportCheckSchema = z.object({
  rows: z.number().int().min(0),
  /** Rows without any problem. */
  validRows: z.number().int().min(0),
  problems: z.array(contactImportProblemSchema),
});
export type ContactImportCheck = z.infer<typeof contactImportCheckSchema>;

/** GET …/duplicates?mapping=firstName,lastName,,email (one entry per column, empty = not imported). */
export const contactImportDuplicatesQuery = z.object({
  mapping: z.string().max(2000).transform((value, ctx) => {
    const parsed = contactImportMapping.safeParse(value.split(',').map((f) => (f === '' ? null : f)));
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'must list a contact field or nothing per column' });
      return z.NEVER;
    }
    return parsed.data;
  }),
}).strict();

export const startContactImportBody = z.object({
  mapping: contactImportMapping,
  /** Rows (as numbered in the file) not to import: the duplicates the person chose to skip. */
  skipRows: z.array(z.number().int().min(2).max(CONTACT_IMPORT_LIMITS.rows + 1)).max(CONTACT_IMPORT_LIMITS.rows).default([]),
  /** Import the rows without problems even though others have some. */
  validRowsOnly: z.boolean().default(false),
}).strict();
export type StartContactImportBody = z.input<typeof startContactImportBody>;

export const CONTACT_IMPORT_STATES = ['uploaded', 'running', 'finished', 'failed'] as const;
export type ContactImportState = (typeof CONTACT_IMPORT_STATES)[number];

export const contactImportStatusSchema = z.object({
  importId: z.uuid(),
  fileName: z.string(),
  format: z.enum(CONTACT_IMPORT_FORMATS),
  state: z.enum(CONTACT_IMPORT_STATES),
  /** Rows the job goes through. */
  total: z.number().int().min(0),
  processed: z.number().int().min(0),
  imported: z.number().int().min(0),
  skipped: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type ContactImportStatus = z.infer<typeof contactImportStatusSchema>;

export const contactImportParams = z.object({ teamId: z.uuid(), importId: z.uuid() });

export const uploadContactImportEndpoint = defineEndpoint({
  operationId: 'uploadContactImport', method: 'POST', path: '/v5/team/{teamId}/contact/import', service: 'command', tag,
  summary: 'Upload a spreadsheet (.xlsx, .ods, CSV) as application/octet-stream: columns, preview and a guessed mapping (manage_contact)',
  query: uploadContactImportQuery,
  successStatus: 201,
  // The answer previews personal data: never stored with an idempotency key.
  idempotencyKey: 'ignored',
  response: contactImportUploadSchema,
  errorBody: contactImportFileErrorBody,
});

export const checkContactImportEndpoint = defineEndpoint({
  operationId: 'checkContactImport', method: 'POST', path: '/v5/team/{teamId}/contact/import/{importId}/check', service: 'command', tag,
  summary: 'Dry run of an import for a mapping: every row’s problem and the duplicates (manage_contact)',
  body: checkContactImportBody,
  // The answer quotes cells (personal data): never stored with an idempotency key.
  idempotencyKey: 'ignored',
  response: contactImportCheckSchema,
});

export const startContactImportEndpoint = defineEndpoint({
  operationId: 'startContactImport', method: 'POST', path: '/v5/team/{teamId}/contact/import/{importId}/start', service: 'command', tag,
  summary: 'Run an import as a background job (manage_contact)',
  body: startContactImportBody,
  successStatus: 202,
  response: z.object({ importId: z.uuid(), total: z.number().int().min(0), checkpoint }),
});

export const getContactImportDuplicatesEndpoint = defineEndpoint({
  operationId: 'getContactImportDuplicates', method: 'GET', path: '/v5/team/{teamId}/contact/import/{importId}/duplicates', service: 'query', tag,
  summary: 'The rows of an import that match a contact of the team (same e-mail, or same name and birth date) or an earlier row (manage_contact)',
  query: contactImportDuplicatesQuery,
  response: z.object({ duplicates: z.array(contactImportDuplicateSchema) }),
});

export const getContactImportEndpoint = defineEndpoint({
  operationId: 'getContactImport', method: 'GET', path: '/v5/team/{teamId}/contact/import/{importId}', service: 'query', tag,
  summary: 'An import’s progress and summary (manage_contact)',
  response: contactImportStatusSchema,
});

export const contactImportEndpoints = [
  uploadContactImportEndpoint, checkContactImportEndpoint, startContactImportEndpoint, getContactImportDuplicatesEndpoint, getContactImportEndpoint,
] as const;
