import { Inject, Injectable } from '@nestjs/common';
import {
  CONTACT_IMPORT_PREVIEW_ROWS,
  CONTACT_IMPORT_TTL_HOURS,
  contactImportEvents,
  contactImportStream,
  DomainError,
  guessContactImportMapping,
  isEmptyImportRow,
  readImportRow,
  WrongExpectedVersion,
  type ContactImportCheck,
  type ContactImportEvent,
  type ContactImportMapping,
  type ContactImportProblem,
  type ContactImportUpload,
  type EventStore,
  type ImportCell,
} from '@planwerk/events';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../../app/tokens';
import { toNewEvents, type CommandMetadata } from '../../shared/commands/decide-and-append';
import type { IdSource } from '../../shared/idempotency/deterministic-ids';
import { ContactImportJobs } from './contact-import.jobs';
import { findImport, markImportStarted, readStagedRows, stageImport, sweepExpiredImports, type StagedImport } from './contact-import.repository';
import { readSpreadsheet } from './parse/read-spreadsheet';

const importSchemaVersions = Object.fromEntries(contactImportEvents.map((e) => [e.type, e.schemaVersion])) as Record<ContactImportEvent['type'], number>;

const cellText = (cell: ImportCell | undefined): string => (cell === undefined ? '' : typeof cell === 'string' ? cell : cell.formula);

/** Upload, dry run and start of a contact import (manage_contact, checked at the HTTP edge). */
@Injectable()
export class ContactImportService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly jobs: ContactImportJobs,
  ) {}

  async upload(teamId: string, fileName: string, bytes: Uint8Array, ids: IdSource, now: Date): Promise<ContactImportUpload> {
    await sweepExpiredImports(this.pool, now);
    // A refused file (SpreadsheetError) goes to the HTTP edge, which answers its reason and limit.
    const sheet = await readSpreadsheet(bytes, fileName);
    const importId = ids.next('importId');
    const expiresAt = new Date(now.getTime() + CONTACT_IMPORT_TTL_HOURS * 3_600_000);
    const rows = sheet.rows.map((cells, i) => ({ row: sheet.rowNumbers[i]!, cells }));
    await stageImport(this.pool, { importId, teamId, fileName, format: sheet.format, headers: sheet.headers, rows, now, expiresAt });
    const guess = guessContactImportMapping(sheet.headers);
    return {
      importId, fileName, format: sheet.format, rowCount: rows.length,
      columns: sheet.headers.map((header, index) => ({ index, header, guess: guess[index] ?? null })),
      preview: sheet.rows.slice(0, CONTACT_IMPORT_PREVIEW_ROWS).map((cells) => sheet.headers.map((_, i) => cellText(cells[i]))),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The dry run: every row's problem for this mapping. */
  async check(teamId: string, importId: string, mapping: ContactImportMapping, now: Date): Promise<ContactImportCheck> {
    const staged = await this.uploaded(teamId, importId, mapping, now, false);
    const { rows, problems, problemRows } = await this.read(staged, mapping, now);
    return { rows, validRows: rows - problemRows.size, problems };
  }

  async start(
    teamId: string, importId: string, body: { mapping: ContactImportMapping; skipRows: number[]; validRowsOnly: boolean },
    metadata: CommandMetadata, ids: IdSource, now: Date,
  ) {
    const staged = await this.uploaded(teamId, importId, body.mapping, now, true);
    const { rows, problemRows } = await this.read(staged, body.mapping, now);
    // Nothing is imported from a failed dry run, unless only the valid rows are wanted.
    if (problemRows.size > 0 && !body.validRowsOnly) {
      throw new DomainError('validation_failed', { field: 'mapping', details: { reason: 'dry_run_problems', rows: problemRows.size } });
    }
    const skip = [...new Set(body.skipRows)].sort((a, b) => a - b);
    const streamId = contactImportStream(importId);
    const started: ContactImportEvent = {
      type: 'ContactImportStarted',
      data: { importId, teamId, format: staged.format, rows: rows - problemRows.size - skip.filter((r) => !problemRows.has(r)).length, startedAt: now.toISOString() },
    };
    let result;
    try {
      result = await this.store.append(streamId, toNewEvents(streamId, [started], { ...metadata, teamId }, ids, (type) => importSchemaVersions[type]), { expectedVersion: 'no_stream' });
    } catch (error) {
      if (error instanceof WrongExpectedVersion) throw new DomainError('conflict', { field: 'importId' });
      throw error;
    }
    await markImportStarted(this.pool, {
      importId, mapping: body.mapping, skipRows: skip, validRowsOnly: body.validRowsOnly,
      metadata: { ...metadata, teamId } as unknown as Record<string, unknown>, total: rows, startedAt: now,
    });
    await this.jobs.enqueue(importId);
    return { importId, total: rows, checkpoint: result.checkpoint };
  }

  private async uploaded(teamId: string, importId: string, mapping: ContactImportMapping, now: Date, forStart: boolean): Promise<StagedImport> {
    const staged = await findImport(this.pool, teamId, importId, now);
    if (staged === null) throw new DomainError('not_found', { field: 'importId' });
    if (staged.state !== 'uploaded') throw new DomainError(forStart ? 'conflict' : 'validation_failed', { field: 'importId', details: { state: staged.state } });
    if (mapping.length !== staged.headers.length) {
      throw new DomainError('validation_failed', { field: 'mapping', details: { columns: staged.headers.length, mapped: mapping.length } });
    }
    return staged;
  }

  private async read(staged: StagedImport, mapping: ContactImportMapping, now: Date) {
    const at = now.toISOString();
    const problems: ContactImportProblem[] = [];
    const problemRows = new Set<number>();
    let rows = 0;
    for (const { row, cells } of await readStagedRows(this.pool, staged.importId)) {
      if (isEmptyImportRow(cells)) continue;
      rows += 1;
      const read = readImportRow(row, cells, mapping, staged.headers, at);
      if (read.problems.length > 0) {
        problemRows.add(row);
        problems.push(...read.problems);
      }
    }
    return { rows, problems, problemRows };
  }
}
