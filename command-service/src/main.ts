import { createEventCatalogue, openPostgresEventStore } from '@planwerk/events';
import { Pool } from 'pg';
import { parseCommandServiceConfig } from './app/command-service.config';
import { createCommandService } from './app/create-command-service';
import { migrateCommandService } from './shared/idempotency/idempotency.migration';

// Distributed mode: this service as its own process against DATABASE_URL.
async function main(): Promise<void> {
  const config = parseCommandServiceConfig(process.env);
  const pool = new Pool({ connectionString: config.DATABASE_URL, application_name: 'planwerk-command-service' });
  // An idle connection the server ends must not take the process down; the next query reconnects.
  pool.on('error', (error) => console.error(`command-service: idle PostgreSQL connection lost: ${error.message}`));
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
