import { z } from 'zod';
import {
  createDatabasePool,
  createKafkaBus,
  createPostgresEventStore,
  installCrashHandlers,
} from '@planwerk/platform';
import { startRelay } from './relay/relay';
import { migrateRelay } from './relay/relay-checkpoints';

// Distributed mode: the relay as its own process, feeding Kafka from the committed log.
// Its store has no personal-data option on purpose: the bus carries the ciphertext, so an
// erased person's data is unreadable in Kafka too.
const env = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  KAFKA_BROKERS: z.string().min(1, 'KAFKA_BROKERS is required (host:port[,host:port])'),
  RELAY_NAME: z.string().min(1).default('kafka'),
});

async function main(): Promise<void> {
  installCrashHandlers({ label: 'relay' });
  const parsed = env.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Relay configuration is incomplete:\n${problems}`);
  }
  const config = parsed.data;
  const report = (error: unknown): void => { process.stderr.write(`[relay] ${error instanceof Error ? error.message : String(error)}\n`); };
  const pool = createDatabasePool({ connectionString: config.DATABASE_URL, max: 4, label: 'planwerk-relay', report: (message) => report(message) });
  await migrateRelay(pool);
  const store = createPostgresEventStore({ pool });
  await store.ready();
  const bus = createKafkaBus({ brokers: config.KAFKA_BROKERS.split(','), clientId: 'planwerk-relay' });
  const relay = startRelay({ store, bus, pool, name: config.RELAY_NAME, onError: report });
  process.stderr.write(`[relay] publishing the committed log to Kafka (${config.KAFKA_BROKERS})\n`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`[relay] ${signal}: stopping\n`);
    void (async () => {
      await relay.stop();
      await bus.close();
      await store.close();
      await pool.end();
      process.exit(0);
    })();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const end = await relay.done;
  if (!stopping) {
    report(end.kind === 'failed' ? end.error : 'relay stopped');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`[relay] could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
