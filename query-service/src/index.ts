// @planwerk/query-service — read models over pg, read-your-writes, the realtime socket, health.
export { createQueryService, type QueryServiceDeps } from './app/create-query-service';
export { DEFAULT_QUERY_SERVICE_OPTIONS, type QueryServiceOptions } from './app/query-service.options';
export { ReadYourWrites } from './shared/read-your-writes/read-your-writes';
export { CheckpointNotReached } from './shared/read-your-writes/read-your-writes.errors';
export { createPostgresProjectionStatus } from './shared/projections/postgres-projection-status.adapter';
export type { ProjectionChangeSource, ProjectionStatusSource, ProjectionStatusView, ProjectionState } from './shared/projections/projection-status.port';
export { listActivity, type ActivityEntry, type ActivityPage, type ListActivityOptions } from './activity/list-activity.repository';
export { versionMetaTag } from '@planwerk/events';
export { DevModeModule, parseDevMode } from './dev/dev-mode';
