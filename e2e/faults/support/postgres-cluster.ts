import { execFile } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './service-process';

// A PostgreSQL cluster of the test's own (Debian's PostgreSQL 15 binaries), so restarting it
// hurts no other suite. As root the server runs as the `postgres` user, which must be able to
// reach the data directory: its parents get o+x.

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  url: string;
  port: number;
  /** `pg_ctl stop -m immediate` (no checkpoint, like a crash) and start again. */
  restartImmediate(): Promise<void>;
  destroy(): Promise<void>;
}

function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

async function pg(tool: string, args: string[]): Promise<void> {
  const [command, fullArgs] = asPostgres(join(BIN, tool), args);
  await run(command, fullArgs, { timeout: 60_000 });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const base = await mkdtemp('/tmp/planwerk-faults-pg-');
  await chmod(base, 0o711);
  const data = join(base, 'data');
  await mkdir(data, { mode: 0o700 });
  if (process.getuid?.() === 0) {
    const ids = await run('id', ['-u', 'postgres']).then(async (u) => [Number(u.stdout), Number((await run('id', ['-g', 'postgres'])).stdout)]);
    await chown(data, ids[0], ids[1]);
    await chown(base, ids[0], ids[1]);
  }
  const port = await freePort();
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=32MB -c fsync=on`;
  const start = () => pg('pg_ctl', ['-D', data, '-o', options, '-l', join(base, 'postgres.log'), '-w', '-t', '60', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async restartImmediate() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      await start();
    },
    async destroy() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(base, { recursive: true, force: true });
    },
  };
}
