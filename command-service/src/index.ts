// @planwerk/command-service — the write side: HTTP commands under /v5 → decide → append.
export { createCommandService, type CreateCommandServiceDeps } from './app/create-command-service';
export { migrateCommandService } from './shared/idempotency/idempotency.migration';
export { SocialLoginModule, type SocialLoginModuleOptions } from './accounts/social/social-login.module';
export { parseSecondFactorConfig, secondFactorConfigForSite, type SecondFactorConfig } from './accounts/second-factor/second-factor.config';
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
export { startMailDelivery, type StartMailDeliveryOptions, type MailDelivery } from './mail/start-mail-delivery';
export { createMailSources } from './app/all-mail-sources';
export { createAccountMailSources } from './mail/account-mail-sources';
export type { MailTransport, OutgoingMail } from './mail/mail-transport.port';
export { createSmtpMailTransport, type SmtpMailTransportOptions } from './mail/smtp-mail-transport.adapter';
export { createDevMailboxTransport, listDevMailbox, type DevMailboxEntry } from './mail/dev-mailbox-transport.adapter';
export { migrateMailDelivery } from './mail/mail.schema';
export { parseMailWorkerConfig, mailFrom, supportMailTo, type MailWorkerConfig } from './mail/mail-worker.config';
export { renderMail, parsePublicUrl, type RenderedMail } from './mail/templates/mail-templates';
export type { MailLog } from './mail/mail-worker';
export { TeamsModule } from './teams/teams.module';
export { TeamSlotsService, type SlotAnswer } from './teams/team-slots.service';
export { startSignupNotifications, type SignupNotifications, type SignupNotificationsOptions } from './signups/organiser-notifications.worker';
