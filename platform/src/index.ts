// @planwerk/platform — server infrastructure over the contract in @planwerk/events (ADR 0011):
// event stores, bus, job queue, pub/sub, crypto, PostgreSQL pools and migrations, read-model SQL,
// inline projections, process and HTTP helpers. Node only; deciders and the console never import it.
export * from './clock/clock';
export * from './http/client-address';
export * from './http/security-headers';
export * from './http/edge-hooks';
export * from './http/maintenance';
export * from './projects/project-password-attempts';
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
export * from './accounts/account-secrets';
export * from './accounts/session-token';
export * from './accounts/login-challenge';
export * from './accounts/accounts.config';
export { migrateAccounts } from './accounts/account-tables.schema';
export { projectAccountEvents, findLinkOwner } from './accounts/account-inline.projection';
export {
  findActiveSession, findLoginByEmailKey, listAllSessions, listLiveSessions, type AccountLogin, type AccountSession, type ActiveSession,
} from './accounts/account-sessions.sql';
export { migrateSchema, withTransaction } from './postgres/migrate-schema';
export {
  createDatabasePool, databaseConnectionConfig, guardedClientClass, sessionLimitOptions,
  DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS,
  type DatabasePoolOptions, type SessionLimits,
} from './postgres/database-pool';
export { isTransientDatabaseError } from './postgres/transient-errors';
export { installCrashHandlers, describeError, type CrashHandlerOptions, type CrashHandlers } from './process/crash-handlers';
export { linkKinds, findLinkTarget, listUserLinks, type LinkKind, type LinkTarget } from './links/link-targets';
export { migrateUserLinks, projectUserLinkEvents, lastChosenTeam } from './links/user-links.sql';
export * from './access/team-member.sql';
export * from './access/team-access-rule';
export * from './teams/team-tables.sql';
export { migrateTeams } from './teams/team-tables.schema';
export { projectTeamEvents } from './teams/team-inline.projection';
export { migrateMemberships } from './teams/membership-tables.schema';
export { projectMembershipEvents } from './teams/membership-inline.projection';
export { socialIdentityId } from './accounts/social/social-identity';
export * from './comments/comment-viewer.sql';
export * from './projects/project-blocked.sql';
export { RequiresLogin, REQUIRES_LOGIN } from './nest/requires-login.decorator';
export { createSessionGuard, type SessionGuardBinding } from './nest/session.guard';
export { createTeamAccess, teamAccessOf, type TeamAccess, type TeamAccessBinding } from './nest/team-access.guard';
