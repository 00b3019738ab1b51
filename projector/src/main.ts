import { createPostgresNotifier, createRedisNotifier, installCrashHandlers } from '@planwerk/platform';
import { projectorPoolSize } from './all-projections';
import { openProjectorDatabase } from './runtime/projector-database';
import { readProjectorConfig } from './runtime/projector-config';
import { startProjector } from './start-projector';
import { startActivityPurge } from './activity/activity-retention.purge';

// Distributed mode: one projector process; start more for failover (one lease per projection).
async function main(): Promise<void> {
  installCrashHandlers({ label: 'projector' });
  const config = readProjectorConfig();
  // The same opening as the operator commands beside it (projector-database.ts).
  const { pool, store, catalogue } = await openProjectorDatabase(config, { label: 'planwerk-projector', max: projectorPoolSize() });
  const report = (error: unknown): void => { process.stderr.write(`[projector] ${error instanceof Error ? error.message : String(error)}\n`); };
  const notifier = config.REDIS_URL
    ? createRedisNotifier({ url: config.REDIS_URL, onError: report })
    : createPostgresNotifier({ connectionString: config.DATABASE_URL, onError: report });
  const projector = startProjector({
    pool, store, catalogue, notifier, instanceId: config.PROJECTOR_INSTANCE_ID, onError: report,
  });
  // Retention (ADR 0007): hourly, outside the projection because it reads the clock.
  const purge = startActivityPurge({ pool, onError: report });
  process.stderr.write('[projector] running\n');

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`[projector] ${signal}: stopping\n`);
    void (async () => {
      await purge.stop();
      await projector.stop();
      await store.close();
      await notifier.close();
      await pool.end();
      process.stderr.write('[projector] stopped\n');
    })().then(() => { process.exitCode = 0; }, (error: unknown) => { report(error); process.exitCode = 1; });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await projector.done;
}

main().catch((error: unknown) => {
  process.stderr.write(`[projector] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
