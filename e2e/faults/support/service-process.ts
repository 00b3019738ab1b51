import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';

// Services run as their own Node processes from the compiled output (`npm test` builds with
// `tsc -b` first), so a SIGKILL ends them as abruptly as a crash in production would.

export const REPO_ROOT = join(__dirname, '..', '..', '..');

export type ServiceName = 'command-service' | 'projector' | 'query-service' | 'mail-worker' | 'relay';

const ENTRY: Record<ServiceName, { file: string; ready: RegExp }> = {
  'command-service': { file: 'command-service/dist/main.js', ready: /command-service listening on/ },
  projector: { file: 'projector/dist/main.js', ready: /\[projector\] running/ },
  'query-service': { file: 'query-service/dist/main.js', ready: /query-service listening on/ },
  'mail-worker': { file: 'command-service/dist/worker-main.js', ready: /mail worker: started/ },
  relay: { file: 'projector/dist/relay-main.js', ready: /\[relay\] publishing/ },
};

/** The secrets every service of one test shares (base64 of 32 random bytes each). */
export interface ServiceSecrets {
  AUTH_SECRET: string;
  PERSONAL_DATA_MASTER_KEY: string;
}

export function newSecrets(): ServiceSecrets {
  return { AUTH_SECRET: randomBytes(32).toString('base64'), PERSONAL_DATA_MASTER_KEY: randomBytes(32).toString('base64') };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServiceProcess {
  name: ServiceName;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** Sends `signal` and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<number | string>;
}

/** Starts one service and waits for its "ready" line; fails with its output if it exits first. */
export async function startService(name: ServiceName, env: Record<string, string>, timeoutMs = 30_000): Promise<ServiceProcess> {
  const { file, ready } = ENTRY[name];
  const child: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, file)], {
    cwd: REPO_ROOT,
    // Only what the service needs: nothing of the test runner's environment leaks in.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const seen = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it was ready:\n${output}`));
    });
  });
  await seen;
  return {
    name,
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Stops what is still running; SIGKILL after `graceMs` so a hung process never blocks the suite. */
export async function stopAll(processes: ReadonlyArray<ServiceProcess | undefined>, graceMs = 5_000): Promise<void> {
  await Promise.all(processes.map(async (service) => {
    if (!service) return;
    const forced = setTimeout(() => void service.kill('SIGKILL'), graceMs);
    await service.kill('SIGTERM');
    clearTimeout(forced);
  }));
}
