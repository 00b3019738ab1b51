import { Inject, Module, type DynamicModule, type InjectionToken, type ModuleMetadata, type OnModuleInit } from '@nestjs/common';
import { emailKeyFor, type AccountsConfig } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { ACCOUNTS_CONFIG } from '../../shared/auth/auth.tokens';
import { CompleteSocialLoginHandler } from './complete-social-login/complete-social-login.handler';
import { createOpenIdClientGateway } from './openid-client.adapter';
import type { OidcGateway } from './oidc.port';
import type { SocialAccountsPort } from './social-accounts.port';
import type { SocialLoginConfig } from './social-login.config';
import { SocialLoginHttp } from './social-login.http';
import { migrateSocialLogin, SocialLoginStore, type EmailKey } from './social-login.store';
import { OIDC_GATEWAY, SOCIAL_ACCOUNTS, SOCIAL_LOGIN_CONFIG, SOCIAL_LOGIN_STORE } from './social-login.tokens';
import { StartSocialLoginHandler } from './start-social-login/start-social-login.handler';

export interface SocialLoginModuleOptions {
  config: SocialLoginConfig;
  /**
   * Users, the e-mail reservation and sessions: in the service `{ useExisting: SocialAccountsAdapter }`
   * with `imports: [AccountsModule]`; tests may pass a value.
   */
  accounts: { useValue: SocialAccountsPort } | { useExisting: InjectionToken };
  /** Modules that export what `accounts` refers to. */
  imports?: ModuleMetadata['imports'];
  /** openid-client unless a test or another relying party library is handed in. */
  oidc?: OidcGateway;
  /** `(mail) => emailKeyFor(authKeys, mail)`; by default from the accounts configuration (ACCOUNTS_CONFIG). */
  emailKey?: EmailKey;
}

// Needs PG_POOL, EVENT_STORE and ACCOUNTS_CONFIG from the (global) command service modules.
@Module({})
export class SocialLoginModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  static forRoot(options: SocialLoginModuleOptions): DynamicModule {
    return {
      module: SocialLoginModule,
      imports: options.imports ?? [],
      controllers: [SocialLoginHttp],
      providers: [
        { provide: SOCIAL_LOGIN_CONFIG, useValue: options.config },
        { provide: SOCIAL_ACCOUNTS, ...options.accounts },
        { provide: OIDC_GATEWAY, useValue: options.oidc ?? createOpenIdClientGateway() },
        {
          provide: SOCIAL_LOGIN_STORE,
          useFactory: (pool: Pool, accounts: AccountsConfig) =>
            new SocialLoginStore(pool, options.emailKey ?? ((mail) => emailKeyFor(accounts.keys, mail))),
          inject: [PG_POOL, ACCOUNTS_CONFIG],
        },
        StartSocialLoginHandler,
        CompleteSocialLoginHandler,
      ],
    };
  }

  // Pending logins and the identity lookup must exist before the first request.
  async onModuleInit(): Promise<void> {
    await migrateSocialLogin(this.pool);
  }
}
