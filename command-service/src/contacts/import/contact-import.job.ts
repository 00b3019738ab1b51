import {
  contactEvents,
  contactImportEvents,
  contactImportStream,
  contactPersonId,
  contactStream,
  isEmptyImportRow,
  readImportRow,
  WrongExpectedVersion,
  type ContactEvent,
  type ContactImportEvent,
  type EventStore,
  type NewEvent,
} from '@planwerk/events';
import { encryptPersonalData, PostgresEventStore, withTransaction, type Clock } from '@planwerk/platform';
import type { Pool, PoolClient } from 'pg';
import type { CommandMetadata } from '../../shared/commands/decide-and-append';
import { toNewEvents } from '../../shared/commands/decide-and-append';
import { deterministicIds } from '../../shared/idempotency/deterministic-ids';
import { contactDecider } from '../decide/contact.decider';
import { findImport, finishImport, readStagedRows, recordImportProgress } from './contact-import.repository';

// The import as a background job (architecture.md "Background deliveries"; BullMQ job id
// `contact-import:<importId>`). Each row becomes a ContactCreated (source 'import') decided by
// the contacts decider on its own stream `contact-<contactId>`, encrypted under the contact's
// own key as the contacts service does. Idempotent: the contact id is UUID v5 of the import and
// the row, its event id follows from it, streams are appended with no_stream, and each batch's
// appends and the import's progress commit in one transaction — a retried or restarted job
// resumes after the last committed batch and never creates a contact twice.

export const CONTACT_IMPORT_JOB = 'contact-import';
export const contactImportJobId = (importId: string): string => `contact-import:${importId}`;
const BATCH_ROWS = 500;

const contactSchemaVersions = Object.fromEntries(contactEvents.map((e) => [e.type, e.schemaVersion])) as Record<ContactEvent['type'], number>;
const importSchemaVersions = Object.fromEntries(contactImportEvents.map((e) => [e.type, e.schemaVersion])) as Record<ContactImportEvent['type'], number>;

export interface ContactImportJobDeps {
  pool: Pool;
  store: EventStore;
  clock: Clock;
  /** Told after each committed batch (tests, the bench). */
  onBatch?: (processed: number) => void;
}

/** The ids an import's row gets, the same on every run. */
export const importRowIds = (importId: string, row: number) => deterministicIds(`contact-import\n${importId}\n${row}`);

export async function runContactImport(deps: ContactImportJobDeps, importId: string): Promise<void> {
  let staged = await findImport(deps.pool, null, importId, deps.clock.now());
  if (staged === null || staged.state !== 'running' || staged.mapping === null || staged.startedAt === null) return;
  const { teamId, headers, mapping, startedAt } = staged;
  const metadata = staged.metadata as unknown as CommandMetadata;
  const skip = new Set(staged.skipRows);
  const personalData = deps.store instanceof PostgresEventStore ? deps.store.personalData : undefined;
  for (;;) {
    const rows = await readStagedRows(deps.pool, importId, staged.lastRow, BATCH_ROWS);
    if (rows.length === 0) break;
    const events: NewEvent[] = [];
    let imported = 0; let skipped = 0; let failed = 0; let processed = 0;
    for (const { row, cells } of rows) {
      if (isEmptyImportRow(cells)) continue;
      processed += 1;
      if (skip.has(row)) {
        skipped += 1;
        continue;
      }
      const read = readImportRow(row, cells, mapping, headers, startedAt);
      if (read.problems.length > 0) {
        // Only with "import only the valid rows": the start refused otherwise.
        failed += 1;
        continue;
      }
      const ids = importRowIds(importId, row);
      const contactId = ids.next('contactId');
      let created: ContactEvent[];
      try {
        created = contactDecider.decide({
          type: 'CreateContact', teamId, contactId, contactType: read.type, status: 'active', details: read.details, at: startedAt, source: 'import',
        }, contactDecider.initialState());
      } catch {
        // The decider's rules are the dry run's; a row it still refuses is counted, not fatal.
        failed += 1;
        continue;
      }
      events.push(...toNewEvents(contactStream(contactId), created, { ...metadata, teamId }, ids, (type) => contactSchemaVersions[type], () => contactPersonId(contactId)));
      imported += 1;
    }
    const fromRow = staged.lastRow;
    const toRow = rows[rows.length - 1]!.row;
    const stored = personalData ? await encryptPersonalData(events, personalData) : events;
    const committed = await withTransaction(deps.pool, async (client) => {
      // The progress first: a second run of the same batch stops here, before appending anything.
      if (!(await recordImportProgress(client, { importId, fromRow, toRow, processed, imported, skipped, failed }))) return false;
      if (stored.length > 0) await appendNewStreams(client, stored);
      return true;
    });
    if (!committed) {
      staged = await findImport(deps.pool, null, importId, deps.clock.now());
      if (staged === null || staged.state !== 'running') return;
      continue;
    }
    staged = { ...staged, lastRow: toRow, processed: staged.processed + processed, imported: staged.imported + imported, skipped: staged.skipped + skipped, failed: staged.failed + failed };
    deps.onBatch?.(staged.processed);
  }
  await appendFinished(deps, staged, metadata);
  await finishImport(deps.pool, importId);
}

// The event store's own append function once per new stream (expected version no_stream), all of
// a batch's streams in one statement: one round trip instead of 500. A stream that exists already
// fails the statement and so the batch's transaction, progress included.
const APPEND_NEW_STREAMS = `SELECT count(*) FROM jsonb_array_elements($1::jsonb) AS e,
  LATERAL append_events(e->>'stream', 'no_stream', ARRAY[(e->>'id')::uuid], ARRAY[e->>'type'], jsonb_build_array(e->'data'),
    jsonb_build_array(e->'metadata'), ARRAY[(e->>'schemaVersion')::integer], true)`;

async function appendNewStreams(client: PoolClient, events: readonly NewEvent[]): Promise<void> {
  const rows = events.map((event) => ({
    stream: contactStream((event.data as { contactId: string }).contactId), id: event.eventId, type: event.type,
    data: event.data, metadata: event.metadata, schemaVersion: event.metadata.schemaVersion,
  }));
  await client.query(APPEND_NEW_STREAMS, [JSON.stringify(rows)]);
}

async function appendFinished(deps: ContactImportJobDeps, staged: { importId: string; teamId: string; imported: number; skipped: number; failed: number }, metadata: CommandMetadata): Promise<void> {
  const streamId = contactImportStream(staged.importId);
  const slice = await deps.store.readStream(streamId);
  if (slice.events.some((e) => e.type === 'ContactImportFinished')) return;
  const finished: ContactImportEvent = {
    type: 'ContactImportFinished',
    data: { importId: staged.importId, teamId: staged.teamId, imported: staged.imported, skipped: staged.skipped, failed: staged.failed, finishedAt: deps.clock.now().toISOString() },
  };
  const ids = deterministicIds(`contact-import\n${staged.importId}\nfinished`);
  try {
    await deps.store.append(streamId, toNewEvents(streamId, [finished], { ...metadata, teamId: staged.teamId }, ids, (type) => importSchemaVersions[type]), { expectedVersion: slice.version });
  } catch (error) {
    // Another run appended it meanwhile.
    if (!(error instanceof WrongExpectedVersion)) throw error;
  }
}
