import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Integration and e2e suites use DATABASE_URL when set (CI: the real PostgreSQL 15);
// otherwise a real embedded PostgreSQL is started for the run.
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  if (process.env.CI === 'true') throw new Error('CI=true requires DATABASE_URL');
  const dataDir = mkdtempSync(join(tmpdir(), 'planwerk-test-pg-'));
  const port = 55000 + Math.floor(Math.random() * 5000);
  const child = spawn(process.execPath, [join(__dirname, 'embedded-pg.mjs'), dataDir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready (\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited (${code}) before it was ready`)));
  });
  process.env.DATABASE_URL = url;
  (globalThis as { __planwerkPg?: ChildProcess }).__planwerkPg = child;
}
