import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from './service-process';

// A Redis of the test's own, so killing it hurts no other suite. `persistent` turns on the
// append-only file with an fsync per write (what production runs); without it a restart
// starts empty, which is what the negative control needs.

export interface RedisServer {
  url: string;
  /** SIGKILL: no shutdown save, no AOF rewrite. */
  kill(): Promise<void>;
  /** Starts again on the same port and directory (loading the AOF when persistent). */
  restart(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startRedisServer(persistent: boolean): Promise<RedisServer> {
  const dir = await mkdtemp('/tmp/planwerk-faults-redis-');
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--daemonize', 'no',
    ...(persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'])];
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  async function start(): Promise<void> {
    const server = spawn(process.env.REDIS_SERVER_BIN ?? 'redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = server;
    exited = new Promise((resolve) => server.once('exit', () => resolve()));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 20_000);
      server.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (/Ready to accept connections/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      server.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}):\n${output}`));
      });
    });
  }

  async function kill(): Promise<void> {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    restart: start,
    async destroy() {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
