// @planwerk/command-service — the write side: HTTP commands under /v5 → decide → append.
export { createCommandService, type CreateCommandServiceDeps } from './app/create-command-service';
export { migrateCommandService } from './shared/idempotency/idempotency.migration';
export { SocialLoginModule, type SocialLoginModuleOptions } from './accounts/social/social-login.module';
export { parseSocialLoginConfig, type SocialLoginConfig, type SocialProviderConfig } from './accounts/social/social-login.config';
export { migrateSocialLogin, SocialLoginStore, type EmailKey, type SocialAccount } from './accounts/social/social-login.store';
export { socialAccountConflictFor, type SocialAccountLookup } from './accounts/social/social-account-conflict';
export type {
  AccountsCommandInput,
  EmailHolder,
  IssuedSession,
  NewSocialUser,
  SessionRequest,
  SocialAccountsPort,
} from './accounts/social/social-accounts.port';
export { createOpenIdClientGateway } from './accounts/social/openid-client.adapter';
