// @planwerk/projector — projection runtime, operator commands, rebuilds and the read models.
export * from './runtime/projection';
export { migrateProjector, activeTable, projectionCheckpoint, ProjectionNotFound } from './runtime/projector-schema';
export { getProjectionStatus, formatProjectionMetrics } from './runtime/projection-status';
export type { ProjectionStatus, ProjectionState, StatusOptions } from './runtime/projection-status';
export type { ChangePublisher } from './runtime/projection-runner';
export { startProjector } from './start-projector';
export type { StartProjectorOptions, RunningProjector } from './start-projector';
export { allProjections, findProjection } from './all-projections';
export { activityLogProjection, ACTIVITY_LOG, ACTIVITY_OBJECT_FIELDS } from './activity/activity-log.projection';
export type { ActivityRow, FieldChange } from './activity/activity-log.evolve';
export { rebuildProjection, RebuildAlreadyRunning } from './rebuild/rebuild-projection';
export type { RebuildOptions, RebuildProgress, RebuildResult } from './rebuild/rebuild-projection';
export { skipEvent, retryProjection, listSkips } from './operator/operator-commands';
