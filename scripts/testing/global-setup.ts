import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Integration and e2e suites use DATABASE_URL when set (CI, real PostgreSQL 15);
// otherwise a real embedded PostgreSQL is started for the run.
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  if (process.env.CI === 'true') throw new Error('CI=true requires DATABASE_URL');
  const { startEmbeddedPostgres } = await import('../../deploy/embedded/src/embedded-postgres');
  const dataDir = mkdtempSync(join(tmpdir(), 'planwerk-test-pg-'));
  const port = 55000 + Math.floor(Math.random() * 5000);
  const handle = await startEmbeddedPostgres({ dataDir, port, persistent: false });
  process.env.DATABASE_URL = handle.url;
  (globalThis as { __planwerkPg?: { stop(): Promise<void> } }).__planwerkPg = handle;
}
