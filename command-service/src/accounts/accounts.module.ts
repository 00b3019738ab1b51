import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { migrateAccounts } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { AccountRepository } from './account.repository';
import { AccountDataExporter } from './account-data-export';
import { AccountSelfServiceHttp } from './account-self-service.http';
import { AccountSelfService } from './account-self-service.service';
import { AccountsHttp } from './accounts.http';
import { AccountsService } from './accounts.service';
import { LoginThrottle } from './login-throttle';
import { PasswordHasher } from './password-hasher';
import { SecondFactorStatus } from './second-factor-status';
import { SecondFactorAccountsAdapter } from './second-factor-accounts.adapter';
import { SocialAccountsAdapter } from './social-accounts.adapter';

@Module({
  controllers: [AccountsHttp, AccountSelfServiceHttp],
  providers: [AccountRepository, AccountsService, LoginThrottle, PasswordHasher, SecondFactorStatus, SecondFactorAccountsAdapter, SocialAccountsAdapter,
    AccountSelfService, AccountDataExporter],
  exports: [AccountsService, SecondFactorAccountsAdapter, SocialAccountsAdapter],
})
export class AccountsModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  // The inline read models must exist before the first request (both services migrate them).
  async onModuleInit(): Promise<void> {
    await migrateAccounts(this.pool);
  }
}
