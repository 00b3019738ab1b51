import { migrateSchema } from '@planwerk/platform';
import type { Pool } from 'pg';

// The staging of an import (issue 15). The parsed rows are personal data: they live here only
// until the import has run, or 24 hours at most (expires_at; every upload and every job sweeps
// what has expired), and never enter the event log as plaintext. contact_imports itself keeps
// no personal data besides the file name: the mapping, the choices, the job's progress and counts.
// The query side reads contact_imports for the progress and contact_import_rows for duplicates.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS contact_imports (
  import_id uuid PRIMARY KEY,
  team_id uuid NOT NULL,
  file_name text NOT NULL,
  format text NOT NULL,
  headers jsonb NOT NULL,
  row_count integer NOT NULL,
  state text NOT NULL CHECK (state IN ('uploaded', 'running', 'finished', 'failed')),
  mapping jsonb NULL,
  skip_rows jsonb NULL,
  valid_rows_only boolean NOT NULL DEFAULT false,
  metadata jsonb NULL,
  started_at timestamptz NULL,
  total integer NOT NULL DEFAULT 0,
  processed integer NOT NULL DEFAULT 0,
  last_row integer NOT NULL DEFAULT 0,
  imported integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS contact_imports_expires_at ON contact_imports (expires_at);
CREATE TABLE IF NOT EXISTS contact_import_rows (
  import_id uuid NOT NULL REFERENCES contact_imports (import_id) ON DELETE CASCADE,
  row_number integer NOT NULL,
  cells jsonb NOT NULL,
  PRIMARY KEY (import_id, row_number)
);
`;

export async function migrateContactImports(pool: Pool): Promise<void> {
  await migrateSchema(pool, 'contact-imports', [SCHEMA]);
}
