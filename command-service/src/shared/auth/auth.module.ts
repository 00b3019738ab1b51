import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { parseAccountsConfig } from '@planwerk/platform';
import { ACCOUNTS_CLOCK, ACCOUNTS_CONFIG } from './auth.tokens';
import { SessionGuard } from './session.guard';

// Request authentication for every route of the command service.
@Global()
@Module({
  providers: [
    { provide: ACCOUNTS_CONFIG, useFactory: () => parseAccountsConfig(process.env) },
    { provide: ACCOUNTS_CLOCK, useValue: () => new Date() },
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [ACCOUNTS_CONFIG, ACCOUNTS_CLOCK],
})
export class AuthModule {}
