// @planwerk/projector — projection runtime, operator commands, rebuilds and the read models.
export * from './runtime/projection';
export { migrateProjector, activeTable, ensureProjection, projectionCheckpoint, ProjectionNotFound } from './runtime/projector-schema';
export { getProjectionStatus, formatProjectionMetrics } from './runtime/projection-status';
export type { ProjectionStatus, ProjectionState, StatusOptions } from './runtime/projection-status';
export type { ChangePublisher } from './runtime/projection-runner';
export { startProjector } from './start-projector';
export type { StartProjectorOptions, RunningProjector } from './start-projector';
export { allProjections, findProjection, projectorPoolSize } from './all-projections';
export { activityLogProjection, ACTIVITY_LOG, ACTIVITY_LOG_COLUMNS, ACTIVITY_OBJECT_FIELDS } from './activity/activity-log.projection';
export type { ActivityRow, FieldChange } from './activity/activity-log.evolve';
export { activitySettingsProjection, ACTIVITY_RETENTION, ACTIVITY_READ_POSITIONS } from './activity/activity-settings.projection';
export { teamAgreementProjection, TEAM_AGREEMENTS } from './teams/team-agreement.projection';
export { purgeExpiredActivity, startActivityPurge, type ActivityPurgeOptions } from './activity/activity-retention.purge';
export { rebuildProjection, RebuildAlreadyRunning } from './rebuild/rebuild-projection';
export type { RebuildOptions, RebuildProgress, RebuildResult } from './rebuild/rebuild-projection';
export { skipEvent, retryProjection, listSkips } from './operator/operator-commands';
export { startRelay, runRelay } from './relay/relay';
export type { StartRelayOptions, RelayCoreOptions, RunningRelay } from './relay/relay';
export { migrateRelay, createPostgresRelayCheckpoints, RelayCheckpointMoved } from './relay/relay-checkpoints';
export type { RelayCheckpoints } from './relay/relay-checkpoints';
export { createDedupingHandler, migrateDedupingHandler } from './relay/deduping-handler';
export type { DedupingHandlerOptions } from './relay/deduping-handler';
export * from './projects/project-read-models';
// The comments read model: the query side reads its rows in the projector's shapes.
export { COMMENTS_PROJECTION, COMMENTS, COMMENT_INDEX, COMMENT_COLUMNS, COMMENT_INDEX_COLUMNS } from './comments/comments.projection';
export type { CommentRow, CommentIndexRow } from './comments/comments.evolve';
// The contacts read model (ADR 0016): the query side reads its rows in the projector's shapes.
export { CONTACTS_PROJECTION, CONTACTS, CONTACT_HISTORY, CONTACT_COLUMNS, CONTACT_HISTORY_COLUMNS, contactsProjection } from './contacts/contacts.projection';
export { normalizeContactSearch, contactSearchText, type ContactRow, type ContactHistoryRow, type ContactFieldChange, type ContactHistoryKind } from './contacts/contacts.evolve';
// The contact groups read model: the query side reads its rows in the projector's shapes.
export {
  CONTACT_GROUPS_PROJECTION, CONTACT_GROUPS, CONTACT_GROUP_MEMBERS, CONTACT_GROUP_COLUMNS, CONTACT_GROUP_MEMBER_COLUMNS, contactGroupsProjection,
} from './contacts/groups/contact-groups.projection';
export type { ContactGroupRow } from './contacts/groups/contact-groups.evolve';
