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
export * from './http/all-endpoints';
export * from './http/openapi';
export * from './platform/version-info.schema';
export * from './platform/platform.endpoints';
export * from './platform/realtime.messages';
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
