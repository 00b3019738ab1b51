import 'reflect-metadata';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore } from '@planwerk/events';
import type { Pool } from 'pg';
import { ApiExceptionFilter } from '../../../app/api-exception.filter';
import { EVENT_STORE, IDEMPOTENCY_STORE, PG_POOL } from '../../../app/tokens';
import { CommandRunner } from '../../../shared/http/command-runner';
import { IdempotencyStore } from '../../../shared/idempotency/idempotency.store';
import type { SecondFactorConfig } from '../second-factor.config';
import type { Clock, SecondFactorAccounts } from '../second-factor-accounts.port';
import { SecondFactorModule } from '../second-factor.module';

// The command service's shared providers, without the other features: the second factor is
// tested against its port, with the accounts core replaced by the test's own accounts.
@Global()
@Module({})
class SharedForTests {
  static forRoot(pool: Pool, store: EventStore): DynamicModule {
    const shared = [
      { provide: PG_POOL, useValue: pool },
      { provide: EVENT_STORE, useValue: store },
      { provide: IDEMPOTENCY_STORE, useValue: new IdempotencyStore(pool) },
      CommandRunner,
    ];
    return { module: SharedForTests, imports: [CqrsModule.forRoot()], providers: shared, exports: shared };
  }
}

export interface SecondFactorTestAppDeps {
  pool: Pool;
  store: EventStore;
  accounts: SecondFactorAccounts;
  config: SecondFactorConfig;
  clock: Clock;
}

/** The same Fastify set-up as `createCommandService`, with the second-factor module mounted. */
export async function createSecondFactorTestApp(deps: SecondFactorTestAppDeps): Promise<NestFastifyApplication> {
  @Module({
    imports: [
      SharedForTests.forRoot(deps.pool, deps.store),
      SecondFactorModule.forRoot({ accounts: { useValue: deps.accounts }, config: deps.config, clock: deps.clock }),
    ],
  })
  class TestRoot {}
  const app = await NestFactory.create<NestFastifyApplication>(TestRoot, new FastifyAdapter({ bodyLimit: 256 * 1024 }), { logger: ['error'], abortOnError: false });
  app.useGlobalFilters(new ApiExceptionFilter());
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
