import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { EventStore } from '@planwerk/events';
import type { Pool } from 'pg';
import { FeedbackModule } from '../feedback/feedback.module';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../shared/auth/auth.module';
import { CommandRunner } from '../shared/http/command-runner';
import { IdempotencyStore, type IdempotencyOptions } from '../shared/idempotency/idempotency.store';
import { HealthHttp } from './health.http';
import { EVENT_STORE, IDEMPOTENCY_STORE, PG_POOL } from './tokens';

export interface CommandServiceDeps {
  pool: Pool;
  store: EventStore;
  idempotency?: IdempotencyOptions;
}

// The ports come in from outside (embedded or distributed start); features get them by token.
@Global()
@Module({})
export class CommandServiceModule {
  static forRoot(deps: CommandServiceDeps): DynamicModule {
    const shared = [
      { provide: PG_POOL, useValue: deps.pool },
      { provide: EVENT_STORE, useValue: deps.store },
      { provide: IDEMPOTENCY_STORE, useValue: new IdempotencyStore(deps.pool, deps.idempotency) },
      CommandRunner,
    ];
    return {
      module: CommandServiceModule,
      imports: [CqrsModule.forRoot(), AuthModule, AccountsModule, FeedbackModule],
      controllers: [HealthHttp],
      providers: shared,
      exports: shared,
    };
  }
}
