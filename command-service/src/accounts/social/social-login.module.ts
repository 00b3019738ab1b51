import { Module, type DynamicModule } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { CompleteSocialLoginHandler } from './complete-social-login/complete-social-login.handler';
import { createOpenIdClientGateway } from './openid-client.adapter';
import type { OidcGateway } from './oidc.port';
import type { SocialAccountsPort } from './social-accounts.port';
import type { SocialLoginConfig } from './social-login.config';
import { SocialLoginHttp } from './social-login.http';
import { SocialLoginStore, type EmailKey } from './social-login.store';
import { OIDC_GATEWAY, SOCIAL_ACCOUNTS, SOCIAL_LOGIN_CONFIG, SOCIAL_LOGIN_STORE } from './social-login.tokens';
import { StartSocialLoginHandler } from './start-social-login/start-social-login.handler';

export interface SocialLoginModuleOptions {
  config: SocialLoginConfig;
  /** Users, the e-mail reservation and sessions, from the accounts feature. */
  accounts: SocialAccountsPort;
  /** openid-client unless a test or another relying party library is handed in. */
  oidc?: OidcGateway;
  /** `(mail) => emailKeyFor(authKeys, mail)` of the accounts feature. */
  emailKey: EmailKey;
}

// Needs PG_POOL and EVENT_STORE from the (global) command service module.
@Module({})
export class SocialLoginModule {
  static forRoot(options: SocialLoginModuleOptions): DynamicModule {
    return {
      module: SocialLoginModule,
      controllers: [SocialLoginHttp],
      providers: [
        { provide: SOCIAL_LOGIN_CONFIG, useValue: options.config },
        { provide: SOCIAL_ACCOUNTS, useValue: options.accounts },
        { provide: OIDC_GATEWAY, useValue: options.oidc ?? createOpenIdClientGateway() },
        { provide: SOCIAL_LOGIN_STORE, useFactory: (pool: Pool) => new SocialLoginStore(pool, options.emailKey), inject: [PG_POOL] },
        StartSocialLoginHandler,
        CompleteSocialLoginHandler,
      ],
    };
  }
}
