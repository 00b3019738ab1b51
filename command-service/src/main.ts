import { createEventCatalogue } from '@planwerk/events';
import { createDatabasePool, installCrashHandlers, openPostgresEventStore } from '@planwerk/platform';
import { parseCommandServiceConfig } from './app/command-service.config';
import { createCommandService } from './app/create-command-service';
import { migrateCommandService } from './shared/idempotency/idempotency.migration';

// Distributed mode: this service as its own process against DATABASE_URL.
async function main(): Promise<void> {
  installCrashHandlers({ label: 'command-service' });
  const config = parseCommandServiceConfig(process.env);
  // Every connection with an error listener and the session limits (a lost one never takes the process down).
  const pool = createDatabasePool({ connectionString: config.DATABASE_URL, label: 'planwerk-command-service' });
  const store = await openPostgresEventStore({ pool, catalogue: createEventCatalogue(), masterKey: config.PERSONAL_DATA_MASTER_KEY });
  await migrateCommandService(pool);

  const app = await createCommandService({ pool, store, logger: config.LOG_REQUESTS });
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`command-service listening on http://${config.HOST}:${config.PORT}`);

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log(`command-service: ${signal}, finishing open requests`);
    // Close order: stop taking requests and finish the open ones, then the store, then the pool.
    await app.close();
    await store.close();
    await pool.end();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
