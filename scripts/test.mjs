#!/usr/bin/env node
// `npm test`: every check and every test, in the order that fails fastest.
// Integration suites use DATABASE_URL, REDIS_URL, KAFKA_BROKERS when set; otherwise an
// embedded PostgreSQL is started and suites needing Redis or Kafka report themselves as
// not run (with CI=true they fail instead). Ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = join(root, '.cache', 'test-reports');
mkdirSync(reports, { recursive: true });
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(title, command, args) {
  const started = Date.now();
  process.stdout.write(`\n▶ ${title}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`◀ ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n`);
  return result.status === 0;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function jest(project, extra) {
  const file = join(reports, `${project}.json`);
  const ok = run(`jest ${project}`, npx, ['jest', '--selectProjects', project, '--json', `--outputFile=${file}`, ...extra]);
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numRuntimeErrorTestSuites > 0) totals.failed += report.numRuntimeErrorTestSuites;
  } else if (!ok) {
    totals.failed += 1;
  }
  if (!ok) failures.push(`jest ${project}`);
}

const checks = [
  ['boundaries (dependency-cruiser)', 'npm', ['run', '--silent', 'lint']],
  ['typecheck and build (tsc -b)', 'npm', ['run', '--silent', 'build:server']],
  ['typecheck tests', npx, ['tsc', '-p', 'tsconfig.json']],
  ['typecheck console', 'npm', ['run', '--silent', 'typecheck', '-w', 'frontend']],
  ['build console (vite)', 'npm', ['run', '--silent', 'build:web']],
];
for (const [title, command, args] of checks) {
  if (run(title, command, args)) totals.passed += 1;
  else { totals.failed += 1; failures.push(title); }
}

jest('unit', []);
jest('console', []);
jest('integration', ['--maxWorkers=2']);
jest('integration-serial', ['--runInBand']);
jest('e2e', ['--runInBand']);
jest('faults', ['--runInBand']);

process.stdout.write(`\n${failures.length ? `failed: ${failures.join(', ')}\n` : ''}`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failures.length === 0 && totals.failed === 0 ? 0 : 1);
