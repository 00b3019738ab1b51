// @planwerk/events — the shared contract and kernel (architecture.md, "Top level").
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
export * from './http/client-address';
export * from './http/security-headers';
export * from './projects/project-password-attempts';
export * from './http/text-input';
export * from './platform/version-info.schema';
export * from './platform/platform.endpoints';
export * from './platform/realtime.messages';
export * from './realtime';
export {
  PROJECTIONS_CHANNEL,
  projectionChangeSchema,
  decodeProjectionChange,
  encodeProjectionChange,
  type ProjectionChange,
  type ProjectionListener,
  type ProjectionNotifier,
  type NotifierOptions,
} from './pubsub/projection-notifier.port';
export { createInProcessNotifier } from './pubsub/in-process-notifier.adapter';
export { createRedisNotifier, type RedisNotifierOptions } from './pubsub/redis-notifier.adapter';
export { createPostgresNotifier, type PostgresNotifierOptions } from './pubsub/postgres-notifier.adapter';
export type {
  AddJobOptions,
  JobContext,
  JobFailure,
  JobHandler,
  JobProcessOptions,
  JobQueue,
  JobWorker,
} from './jobs/job-queue.port';
export { createBullJobQueue, type BullJobQueueOptions, type JobQueueBackend } from './jobs/bullmq.adapter';
export { createEventStoreDbEventStore, type EventStoreDbOptions } from './store/eventstoredb/eventstoredb-event-store';
export {
  WrongExpectedVersion,
  EventTooLarge,
  StoreAheadOfCluster,
  IdempotencyConflict,
  AppendPayloadMismatch,
  type EventStoreError,
} from './store/errors';
export {
  createPostgresEventStore,
  PostgresEventStore,
  type PostgresEventStoreOptions,
} from './store/postgres/postgres-event-store.adapter';
export { migrateEventStore, EVENTS_CHANNEL } from './store/postgres/event-store.schema';
export { checkStoreNotAheadOfCluster } from './store/postgres/restore-guard';
export { oldestWritingTransactionAgeSeconds } from './store/postgres/store-metrics';
export { appendEvents, DEFAULT_MAX_EVENT_BYTES, type Queryable } from './store/postgres/append-events';
export {
  PersonKeyErased,
  type PersonalDataCipher,
  type PersonalPlaintext,
  type PersonalCiphertext,
} from './crypto/personal-data-cipher.port';
export {
  PostgresPersonalDataCipher,
  migratePersonKeys,
  parseMasterKey,
} from './crypto/postgres-personal-data-cipher.adapter';
export {
  isPersonalDataErased,
  encryptPersonalData,
  decryptPersonalData,
  type PersonalDataOptions,
  type ErasedEventMetadata,
} from './crypto/personal-data';
export type {
  BusSubscribeOptions,
  BusSubscription,
  DeliveredMessage,
  MessageBus,
  OutgoingMessage,
  SubscriptionEnd,
} from './bus/bus.port';
export { createInProcessBus, type InProcessBusOptions } from './bus/in-process.adapter';
export { createKafkaBus, type KafkaBusOptions } from './bus/kafka.adapter';
export { EVENTS_TOPIC, encodeRelayedEvent, decodeRelayedEvent, MalformedRelayedEvent } from './bus/relayed-event';
export { openPostgresEventStore, type OpenEventStoreOptions } from './store/open-event-store';
export {
  MAIL_TEMPLATES,
  MAIL_LANGUAGES,
  MAIL_JOB_QUEUE,
  mailRequestSchema,
  mailJobSchema,
  mailLinkPaths,
  combineMailSources,
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
export * from './accounts/account-secrets';
export * from './accounts/session-token';
export * from './accounts/login-challenge';
export * from './accounts/password-policy';
export * from './accounts/blocked-mail-domains';
export * from './accounts/accounts.config';
export { migrateAccounts } from './accounts/account-tables.schema';
export { projectAccountEvents, findLinkOwner } from './accounts/account-inline.projection';
export { findActiveSession, findLoginByEmailKey, type AccountLogin, type ActiveSession } from './accounts/account-sessions.sql';
export { migrateSchema, withTransaction } from './postgres/migrate-schema';
export {
  createDatabasePool, databaseConnectionConfig, guardedClientClass, sessionLimitOptions,
  DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS,
  type DatabasePoolOptions, type SessionLimits,
} from './postgres/database-pool';
export { isTransientDatabaseError } from './postgres/transient-errors';
export { installCrashHandlers, describeError, type CrashHandlerOptions, type CrashHandlers } from './process/crash-handlers';
export * from './links/user-link.schema';
export * from './links/user-link.commands';
export * from './links/user-link.events';
export * from './links/user-link.endpoints';
export { linkKinds, findLinkTarget, listUserLinks, CONNECTABLE_LINK_OBJECTS, type ConnectableLinkObject, type LinkKind, type LinkTarget } from './links/link-targets';
export { migrateUserLinks, projectUserLinkEvents, lastChosenTeam } from './links/user-links.sql';
export * from './bundle/bundle.schema';
export * from './access/access';
export * from './access/route-access';
export * from './access/team-member.sql';
export * from './access/team-access-rule';
export * from './teams/plans';
export * from './teams/team.events';
export * from './teams/team.commands';
export * from './teams/team.endpoints';
export * from './teams/team-tables.sql';
export { migrateTeams } from './teams/team-tables.schema';
export { projectTeamEvents } from './teams/team-inline.projection';
export * from './teams/membership.events';
export * from './teams/membership.endpoints';
export * from './teams/membership.commands';
export { migrateMemberships } from './teams/membership-tables.schema';
export { projectMembershipEvents } from './teams/membership-inline.projection';
export * from './comments';
export * from './projects';
export * from './signups';
export * from './activity';
export * from './backups';
export * from './projects/project-queries.endpoints';
