// npm run maintenance -- on | off | status: the maintenance switch (ADR 0014). While on, every
// API call of every service on this database answers 6950 (503) within 2 s; the health probes
// keep answering, and consoles come back by themselves when it is turned off.
// DATABASE_URL selects the database; without it the embedded PostgreSQL of `npm start`
// (127.0.0.1, EMBEDDED_PG_PORT or 54329). PLANWERK_MAINTENANCE=on in a service's environment
// forces maintenance for that process regardless of this switch.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv[2];
if (!['on', 'off', 'status'].includes(command ?? '')) {
  console.error('usage: npm run maintenance -- on | off | status');
  process.exit(2);
}
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
if (existsSync(tsc)) {
  const build = spawnSync(process.execPath, [tsc, '-b', join(root, 'platform')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const require = createRequire(join(root, 'platform', 'package.json'));
const { Pool } = require('pg');
const { readMaintenance, setMaintenance } = require(join(root, 'platform', 'dist', 'index.js'));

const url = process.env.DATABASE_URL || `postgres://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_PG_PORT || 54329}/planwerk`;
const pool = new Pool({ connectionString: url, max: 1 });
try {
  const state = command === 'status' ? await readMaintenance(pool) : await setMaintenance(pool, command === 'on');
  console.log(state.active ? `maintenance is ON (since ${state.changedAt})` : 'maintenance is off');
} catch (error) {
  console.error(`maintenance: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await pool.end();
}
