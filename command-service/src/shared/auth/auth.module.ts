import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { parseAccountsConfig } from '@planwerk/platform';
import { ACCOUNTS_CONFIG } from './auth.tokens';
import { SessionGuard } from './session.guard';

// Request authentication for every route of the command service.
@Global()
@Module({
  providers: [
    { provide: ACCOUNTS_CONFIG, useFactory: () => parseAccountsConfig(process.env) },
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [ACCOUNTS_CONFIG],
})
export class AuthModule {}
