import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, REPO_ROOT } from './service-process';

// A Kafka broker of the test's own (scripts/kafka/start.sh with its own data directory and
// ports), so killing it hurts no other suite. The jars are the ones CI already fetched.

const run = promisify(execFile);

export interface KafkaBroker {
  brokers: string;
  /** SIGKILL of the broker's JVM (pid from start.sh's pid file). */
  kill(): Promise<void>;
  /** start.sh again on the same data directory: the log and the group offsets survive. */
  restart(): Promise<void>;
  destroy(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function startKafkaBroker(): Promise<KafkaBroker> {
  const dir = await mkdtemp('/tmp/planwerk-faults-kafka-');
  const env = { ...process.env, KAFKA_PORT: String(await freePort()), KAFKA_CONTROLLER_PORT: String(await freePort()) };
  const start = async (): Promise<void> => {
    await run('bash', [join(REPO_ROOT, 'scripts', 'kafka', 'start.sh'), dir], { env, timeout: 120_000 });
  };
  const kill = async (): Promise<void> => {
    const pid = Number((await readFile(join(dir, 'kafka.pid'), 'utf8')).trim());
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  await start();
  return {
    brokers: `127.0.0.1:${env.KAFKA_PORT}`,
    kill,
    restart: start,
    async destroy() {
      // A throwaway broker: no controlled shutdown needed.
      await kill().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
