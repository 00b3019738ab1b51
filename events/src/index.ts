// @planwerk/events — the shared contract (ADR 0011): event catalogues, commands, endpoint declarations,
// error catalogue, constants and access rules. It imports only zod; the browser and deciders use it.
// Server infrastructure (stores, bus, queues, pub/sub, crypto, read-model SQL) is @planwerk/platform.
export * from './envelope';
export * from './store/event-store.port';
export * from './catalogue/event-definition';
export * from './catalogue/upcaster-registry';
export * from './catalogue/event-catalogue';
export * from './catalogue/all-events';
export * from './feedback/feedback.events';
export * from './feedback/feedback.commands';
export * from './constants';
export * from './errors/error-catalogue';
export * from './errors/domain-error';
export * from './http/api-response';
export * from './http/endpoint';
export * from './feedback/feedback.endpoints';
export * from './dev/dev.endpoints';
export * from './http/all-endpoints';
export * from './http/openapi';
export * from './http/text-input';
export * from './platform/version-info.schema';
export * from './platform/platform.endpoints';
export * from './platform/client-platform.endpoints';
export * from './platform/crypto-wrapper';
export * from './platform/realtime.messages';
export * from './realtime';
export {
  WrongExpectedVersion,
  EventTooLarge,
  StoreAheadOfCluster,
  IdempotencyConflict,
  AppendPayloadMismatch,
  type EventStoreError,
} from './store/errors';
export {
  MAIL_TEMPLATES,
  MAIL_LANGUAGES,
  MAIL_JOB_QUEUE,
  mailRequestSchema,
  mailJobSchema,
  mailLinkPaths,
  mailCalendarSchema,
  combineMailSources,
  type MailCalendar,
  type MailTemplate,
  type MailLanguage,
  type MailRequest,
  type MailRequestInput,
  type MailSource,
  type MailSourceContext,
  type MailSourceResult,
  type MailSources,
  type MailJob,
} from './mail/mail-request';
export {
  MailDelivered,
  MailDeliveryFailed,
  mailEvents,
  mailStreamId,
  redactMailError,
  type MailDeliveredData,
  type MailDeliveryFailedData,
  type MailEvent,
} from './mail/mail.events';
export * from './accounts/second-factor/second-factor.events';
export * from './accounts/second-factor/passkey.events';
export * from './accounts/second-factor/second-factor.commands';
export * from './accounts/second-factor/second-factor.endpoints';
export * from './accounts/social/social.events';
export * from './accounts/social/social.commands';
export * from './accounts/social/social.endpoints';
export * from './accounts/social/social.errors';
export * from './accounts/account.events';
export * from './accounts/account.commands';
export * from './accounts/account.endpoints';
export * from './accounts/account-self-service.commands';
export * from './accounts/account-self-service.endpoints';
export * from './accounts/user-preferences.schema';
export * from './accounts/account-mails';
export * from './accounts/normalize-email';
export * from './accounts/password-policy';
export * from './accounts/blocked-mail-domains';
export * from './links/user-link.schema';
export * from './links/user-link.commands';
export * from './links/user-link.events';
export * from './links/user-link.endpoints';
export * from './bundle/bundle.endpoints';
export * from './access/access';
export * from './access/route-access';
export * from './teams/plans';
export * from './teams/team.events';
export * from './teams/team.commands';
export * from './teams/team.endpoints';
export * from './teams/membership.events';
export * from './teams/membership.endpoints';
export * from './teams/membership.commands';
export * from './teams/agreement.events';
export * from './teams/agreement.endpoints';
export * from './support/support.events';
export * from './support/support.endpoints';
export * from './contacts';
export * from './comments';
export * from './projects';
export * from './templates';
export * from './signups';
export * from './activity';
export * from './backups';
export * from './projects/project-queries.endpoints';
export { CONNECTABLE_LINK_OBJECTS, type ConnectableLinkObject } from './links/link-kinds';
