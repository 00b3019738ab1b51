import { Global, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { migrateAccounts, parseAccountsConfig } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { ACCOUNTS_CONFIG } from './auth.tokens';
import { SessionGuard } from './session.guard';

// Request authentication for every route of the query service.
@Global()
@Module({
  providers: [
    { provide: ACCOUNTS_CONFIG, useFactory: () => parseAccountsConfig(process.env) },
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [ACCOUNTS_CONFIG],
})
export class AuthModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  // The session table is the command service's inline read model; whichever starts first creates it.
  async onModuleInit(): Promise<void> {
    await migrateAccounts(this.pool);
  }
}
