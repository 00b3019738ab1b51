import 'reflect-metadata';
import {
  createDatabasePool,
  createPostgresEventStore,
  createPostgresNotifier,
  createRedisNotifier,
  installCrashHandlers,
  type ProjectionNotifier,
} from '@planwerk/platform';
import { createQueryService } from './app/create-query-service';
import { parseQueryServiceEnv } from './app/query-service.env';
import { DevModeModule, parseDevMode } from './dev/dev-mode';

// Distributed mode: the query service as its own process (architecture.md, "Two modes").
async function main(): Promise<void> {
  installCrashHandlers({ label: 'query-service' });
  const env = parseQueryServiceEnv(process.env);
  // Distributed mode: developer tools off unless PLANWERK_DEV_MODE turns them on.
  const devMode = parseDevMode(process.env, false);
  const pool = createDatabasePool({ connectionString: env.DATABASE_URL, max: env.PG_POOL_SIZE, connectionTimeoutMillis: 5_000, label: 'planwerk-query-service' });
  const store = createPostgresEventStore({ pool });
  const onError = (error: unknown): void => console.error('query-service: projection notifier', error);
  const notifier: ProjectionNotifier = env.REDIS_URL
    ? createRedisNotifier({ url: env.REDIS_URL, onError })
    : await createPostgresNotifier({ connectionString: env.DATABASE_URL, onError });
  const version = Object.fromEntries(
    Object.entries({ web: env.WEB_VERSION, android: env.ANDROID_VERSION, ios: env.IOS_VERSION }).filter(([, v]) => v !== undefined),
  );
  const app = await createQueryService({
    pool, store, notifier, versionInfo: { version }, features: [DevModeModule.register(devMode)],
    options: { wsMaxConnections: env.WS_MAX_CONNECTIONS, wsMaxConnectionsPerAddress: env.WS_MAX_CONNECTIONS_PER_ADDRESS, catchUpScanLimit: env.LIVE_CATCH_UP_SCAN_LIMIT },
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  console.log(`query-service listening on ${await app.getUrl()}`);

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log(`query-service: ${signal}, closing`);
    // Stop taking requests and sockets first, then release what they used.
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    try {
      await app.close();
      await notifier.close();
      await store.close();
      await pool.end();
      process.exit(0);
    } catch (error) {
      console.error('query-service: shutdown failed', error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
