// npm run rebuild -- <projection> [batchSize]: blue-green rebuild of one projection.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'projector', 'dist', 'rebuild', 'cli.js');
// Compiled output is what runs in production; `tsc -b` brings the projector (and events) up to
// date like `npm start` does (a no-op when nothing changed), so the command never runs stale code.
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
if (existsSync(tsc)) {
  const build = spawnSync(process.execPath, [tsc, '-b', join(root, 'projector')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The same configuration as the services beside it: DATABASE_URL, PERSONAL_DATA_MASTER_KEY, or
// the embedded mode's DATA_DIR (./.data) with its master.key (projector/src/runtime/projector-database.ts).
const run = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
process.exit(run.status ?? 1);
