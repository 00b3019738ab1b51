import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

// `npm start`'s process as a user runs it: real embedded PostgreSQL under DATA_DIR, Ctrl-C
// stops it cleanly, and the data — and an idempotent command's answer — survive a restart.
const root = resolve(__dirname, '..');
const main = join(root, 'deploy', 'embedded', 'dist', 'main.js');

interface Started {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

function start(dataDir: string, port: number, pgPort: number): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.KAFKA_BROKERS;
  const child = spawn(process.execPath, [main], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  return new Promise((ready, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) ready({ child, url: match[1], exited });
    });
    void exited.then((code) => fail(new Error(`npm start's process exited (${code}) before it was ready:\n${output}`)));
  });
}

async function stopWithCtrlC(started: Started): Promise<number | null> {
  started.child.kill('SIGINT');
  return started.exited;
}

async function countFeedbackEvents(pgPort: number): Promise<number> {
  const client = new Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/planwerk` });
  await client.connect();
  try {
    const result = await client.query("SELECT count(*)::int AS n FROM events WHERE type = 'FeedbackVoted'");
    return result.rows[0].n;
  } finally {
    await client.end();
  }
}

describe('npm start (embedded mode)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'planwerk-start-'));
  chmodSync(dataDir, 0o755); // PostgreSQL's own user must reach it (mkdtemp makes it 0700)
  const port = 18000 + Math.floor(Math.random() * 1000);
  const pgPort = 19500 + Math.floor(Math.random() * 400);
  const vote = (url: string) => fetch(`${url}/v5/feedback/vote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-id': 'Restart001', 'idempotency-key': 'vote-before-restart' },
    body: JSON.stringify({ vote: 1, text: 'läuft' }),
  }).then(async (response) => ({ status: response.status, body: await response.text() }));

  beforeAll(() => {
    if (!existsSync(main)) throw new Error(`${main} is missing: npm test builds it first (npm run build:server)`);
  });

  it('stops cleanly on Ctrl-C and keeps its data and idempotent answers across a restart', async () => {
    const first = await start(dataDir, port, pgPort);
    const answer = await vote(first.url);
    expect(answer.status).toBe(200);
    expect(await countFeedbackEvents(pgPort)).toBe(1);
    expect(await stopWithCtrlC(first)).toBe(0);
    // PostgreSQL stopped with it: its pid file is gone.
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await start(dataDir, port, pgPort);
    try {
      expect(await countFeedbackEvents(pgPort)).toBe(1);
      // The retried command gets the original answer and appends nothing.
      expect(await vote(second.url)).toEqual(answer);
      expect(await countFeedbackEvents(pgPort)).toBe(1);
      const page = await fetch(`${second.url}/feedback`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('name="planwerk-version"');
    } finally {
      expect(await stopWithCtrlC(second)).toBe(0);
    }
  }, 120_000);
});
