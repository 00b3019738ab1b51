// Child process of the HTTP bench: `node -r ./bench/http/swc-register.cjs bench/http/http-server.ts
// <command|query|baseline>` serves one app on 127.0.0.1 (a free port) and prints
// `BENCH_READY <port>`; SIGTERM closes it. Servers run apart from autocannon, as in production.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Pool } from 'pg';
import { createEventCatalogue } from '../../events/src/index';
import { createInProcessNotifier, createPostgresEventStore, migrateMemberships, migrateTeams, openPostgresEventStore } from '../../platform/src/index';
import { createCommandService } from '../../command-service/src/app/create-command-service';
import { migrateCommandService } from '../../command-service/src/shared/idempotency/idempotency.migration';
import { createQueryService } from '../../query-service/src/app/create-query-service';
import { migrateProjector } from '../../projector/src/runtime/projector-schema';
import { BaselineModule } from './baseline.module';

type Kind = 'command' | 'query' | 'baseline';

async function start(kind: Kind): Promise<{ app: NestFastifyApplication; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  switch (kind) {
    case 'baseline': {
      const app = await NestFactory.create<NestFastifyApplication>(BaselineModule, new FastifyAdapter(), { logger: ['error'] });
      await app.init();
      return { app, close: () => app.close() };
    }
    case 'command': {
      const pool = new Pool({ connectionString: url, max: 20 });
      pool.on('error', () => undefined);
      // As in distributed mode (command-service/src/main.ts): personal data encrypted, keys migrated.
      const store = await openPostgresEventStore({ pool, catalogue: createEventCatalogue(), masterKey: process.env.PERSONAL_DATA_MASTER_KEY });
      await migrateCommandService(pool);
      await migrateTeams(pool);
      await migrateMemberships(pool);
      const app = await createCommandService({ pool, store });
      return { app, close: async () => { await app.close(); await store.close(); await pool.end(); } };
    }
    case 'query': {
      const pool = new Pool({ connectionString: url, max: 20 });
      pool.on('error', () => undefined);
      await migrateProjector(pool);
      const store = createPostgresEventStore({ pool });
      const notifier = createInProcessNotifier();
      const app = await createQueryService({ pool, store, notifier });
      return { app, close: async () => { await app.close(); await notifier.close(); await store.close(); await pool.end(); } };
    }
    default:
      return assertNever(kind);
  }
}

function assertNever(value: never): never {
  throw new Error(`unknown server kind ${String(value)}`);
}

async function main(): Promise<void> {
  const kind = process.argv[2];
  if (kind !== 'command' && kind !== 'query' && kind !== 'baseline') throw new Error('usage: http-server.ts <command|query|baseline>');
  const server = await start(kind);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.getHttpServer().address();
  process.stdout.write(`BENCH_READY ${typeof address === 'object' && address ? address.port : 0}\n`);
  process.once('SIGTERM', () => {
    server.close().then(() => process.exit(0), () => process.exit(1));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
