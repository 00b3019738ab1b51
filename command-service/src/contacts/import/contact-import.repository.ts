import type { ContactImportFormat, ContactImportMapping, ImportCell } from '@planwerk/events';
import type { Pool, PoolClient } from 'pg';

// SQL of the staging tables (contact-import.schema.ts).

export interface StagedImport {
  importId: string;
  teamId: string;
  fileName: string;
  format: ContactImportFormat;
  headers: string[];
  rowCount: number;
  state: 'uploaded' | 'running' | 'finished' | 'failed';
  mapping: ContactImportMapping | null;
  skipRows: number[];
  validRowsOnly: boolean;
  metadata: Record<string, unknown> | null;
  startedAt: string | null;
  total: number;
  processed: number;
  lastRow: number;
  imported: number;
  skipped: number;
  failed: number;
  expiresAt: string;
}

export interface StagedRow {
  row: number;
  cells: ImportCell[];
}

interface ImportRow {
  import_id: string; team_id: string; file_name: string; format: ContactImportFormat; headers: string[]; row_count: number;
  state: StagedImport['state']; mapping: ContactImportMapping | null; skip_rows: number[] | null; valid_rows_only: boolean;
  metadata: Record<string, unknown> | null; started_at: Date | null; total: number; processed: number; last_row: number;
  imported: number; skipped: number; failed: number; expires_at: Date;
}

function toImport(row: ImportRow): StagedImport {
  return {
    importId: row.import_id, teamId: row.team_id, fileName: row.file_name, format: row.format, headers: row.headers, rowCount: row.row_count,
    state: row.state, mapping: row.mapping, skipRows: row.skip_rows ?? [], validRowsOnly: row.valid_rows_only, metadata: row.metadata,
    startedAt: row.started_at?.toISOString() ?? null, total: row.total, processed: row.processed, lastRow: row.last_row,
    imported: row.imported, skipped: row.skipped, failed: row.failed, expiresAt: row.expires_at.toISOString(),
  };
}

export async function sweepExpiredImports(pool: Pool, now: Date): Promise<void> {
  await pool.query('DELETE FROM contact_imports WHERE expires_at < $1', [now]);
}

export async function stageImport(
  pool: Pool,
  input: { importId: string; teamId: string; fileName: string; format: ContactImportFormat; headers: string[]; rows: StagedRow[]; now: Date; expiresAt: Date },
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO contact_imports (import_id, team_id, file_name, format, headers, row_count, state, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, 'uploaded', $7, $8)`,
      [input.importId, input.teamId, input.fileName, input.format, JSON.stringify(input.headers), input.rows.length, input.now, input.expiresAt],
    );
    for (let i = 0; i < input.rows.length; i += 2000) {
      const chunk = input.rows.slice(i, i + 2000);
      await client.query(
        `INSERT INTO contact_import_rows (import_id, row_number, cells)
         SELECT $1, r.row, r.cells FROM jsonb_to_recordset($2::jsonb) AS r("row" integer, cells jsonb)`,
        [input.importId, JSON.stringify(chunk)],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The team's import, unless it expired; null for another team's or an unknown one. */
export async function findImport(db: Pool | PoolClient, teamId: string | null, importId: string, now: Date): Promise<StagedImport | null> {
  const { rows } = await db.query<ImportRow>(
    'SELECT * FROM contact_imports WHERE import_id = $1 AND ($2::uuid IS NULL OR team_id = $2) AND expires_at >= $3',
    [importId, teamId, now],
  );
  return rows[0] ? toImport(rows[0]) : null;
}

export async function readStagedRows(db: Pool | PoolClient, importId: string, afterRow = 0, limit = 20_000): Promise<StagedRow[]> {
  const { rows } = await db.query<{ row_number: number; cells: ImportCell[] }>(
    'SELECT row_number, cells FROM contact_import_rows WHERE import_id = $1 AND row_number > $2 ORDER BY row_number LIMIT $3',
    [importId, afterRow, limit],
  );
  return rows.map((r) => ({ row: r.row_number, cells: r.cells }));
}

/** uploaded → running with the person's choices; false when it was started already. */
export async function markImportStarted(
  pool: Pool,
  input: { importId: string; mapping: ContactImportMapping; skipRows: number[]; validRowsOnly: boolean; metadata: Record<string, unknown>; total: number; startedAt: Date },
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE contact_imports SET state = 'running', mapping = $2::jsonb, skip_rows = $3::jsonb, valid_rows_only = $4, metadata = $5::jsonb,
       total = $6, started_at = $7
     WHERE import_id = $1 AND state = 'uploaded'`,
    [input.importId, JSON.stringify(input.mapping), JSON.stringify(input.skipRows), input.validRowsOnly, JSON.stringify(input.metadata), input.total, input.startedAt],
  );
  return rowCount === 1;
}

/** One batch's progress, in the batch's transaction; false when another run got there first. */
export async function recordImportProgress(
  client: PoolClient,
  input: { importId: string; fromRow: number; toRow: number; processed: number; imported: number; skipped: number; failed: number },
): Promise<boolean> {
  const { rowCount } = await client.query(
    `UPDATE contact_imports SET last_row = $3, processed = processed + $4, imported = imported + $5, skipped = skipped + $6, failed = failed + $7
     WHERE import_id = $1 AND last_row = $2 AND state = 'running'`,
    [input.importId, input.fromRow, input.toRow, input.processed, input.imported, input.skipped, input.failed],
  );
  return rowCount === 1;
}

/** The import ran: its rows (personal data) are deleted at once, the counts stay until it expires. */
export async function finishImport(pool: Pool, importId: string): Promise<void> {
  await pool.query("UPDATE contact_imports SET state = 'finished' WHERE import_id = $1", [importId]);
  await pool.query('DELETE FROM contact_import_rows WHERE import_id = $1', [importId]);
}

/** The job gave up: the import is failed (the contacts of committed batches stay), its rows are deleted. */
export async function failImport(pool: Pool, importId: string): Promise<void> {
  await pool.query("UPDATE contact_imports SET state = 'failed' WHERE import_id = $1 AND state = 'running'", [importId]);
  await pool.query('DELETE FROM contact_import_rows WHERE import_id = $1', [importId]);
}

export async function runningImports(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ import_id: string }>("SELECT import_id FROM contact_imports WHERE state = 'running' AND expires_at >= now()");
  return rows.map((r) => r.import_id);
}
