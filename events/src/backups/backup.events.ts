import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';

// Backups, restores and undo (ADR 0008). Both events live on `backups-<projectId>`: a named
// backup is a marker on the log (the state itself is always rebuilt from the project's own
// streams), a restore or an undo is recorded next to the compensating events it appended in
// the same transaction, so the activity log shows it as one entry with its scope.

const projectId = z.uuid();
const instant = z.iso.datetime({ offset: true });

export const BACKUP_NAME_MAX = 120;
export const RESTORE_SCOPES = ['project', 'list', 'item', 'signups'] as const;
export type RestoreScope = (typeof RESTORE_SCOPES)[number];
/** `restore`: to a point in time; `undo`: the compensation of one command. */
export const RESTORE_KINDS = ['restore', 'undo'] as const;
export type RestoreKind = (typeof RESTORE_KINDS)[number];

export const backupsStreamId = (id: string): string => `backups-${id}`;

/** Versions of the project's streams at a point: `project-<id>` and each list's `signups-<listId>`. */
export const streamPositionSchema = z.object({
  project: z.number().int().nonnegative(),
  lists: z.record(z.uuid(), z.number().int().nonnegative()),
});
export type StreamPosition = z.infer<typeof streamPositionSchema>;

export const BackupMarked = defineEvent({
  type: 'BackupMarked',
  feature: 'backups',
  schemaVersion: 1,
  // position: the log checkpoint the marker stands for; versions: the streams at that point.
  schema: z.object({
    projectId,
    backupId: z.uuid(),
    name: z.string().trim().min(1).max(BACKUP_NAME_MAX),
    at: instant,
    position: z.string().min(1).max(200),
    versions: streamPositionSchema,
    by: z.uuid(),
  }),
  describe: (d) => ({
    object: { kind: 'backup', id: d.backupId }, projectId: d.projectId, listId: null, action: 'backups.marked',
    fields: { name: d.name, at: d.at },
  }),
});

export const overCapacitySchema = z.object({
  listId: z.uuid(), itemId: z.uuid(), capacity: z.number().int().positive(), placed: z.number().int().nonnegative(),
});

export const RestorePerformed = defineEvent({
  type: 'RestorePerformed',
  feature: 'backups',
  schemaVersion: 1,
  schema: z.object({
    restoreId: z.uuid(),
    projectId,
    kind: z.enum(RESTORE_KINDS),
    /** restore: what was restored; undo: null. */
    scope: z.enum(RESTORE_SCOPES).nullable(),
    listId: z.uuid().nullable(),
    itemId: z.uuid().nullable(),
    signupIds: z.array(z.uuid()).nullable(),
    /** restore: the point (checkpoint and/or time) restored to; undo: null. */
    toPosition: z.string().max(200).nullable(),
    toAt: instant.nullable(),
    /** undo: the command whose changes were compensated. */
    undoneCommandId: z.string().min(1).max(200).nullable(),
    by: z.uuid(),
    performedAt: instant,
    /** Number of compensating events appended with this record. */
    events: z.number().int().nonnegative(),
    /** Items holding more placed sign-ups than their capacity after the restore (admin action, allowed). */
    overCapacity: z.array(overCapacitySchema),
  }),
  describe: (d) => ({
    object: { kind: 'project', id: d.projectId }, projectId: d.projectId, listId: d.listId,
    action: d.kind === 'undo' ? 'backups.undone' : 'backups.restored',
    fields: {
      scope: d.scope, listId: d.listId, itemId: d.itemId, signups: d.signupIds?.length ?? null,
      toPosition: d.toPosition, toAt: d.toAt, undoneCommandId: d.undoneCommandId, events: d.events,
      overCapacity: d.overCapacity.length,
    },
  }),
});

export const backupEvents = [BackupMarked, RestorePerformed] as const;

export type BackupMarkedData = EventDataOf<typeof BackupMarked>;
export type RestorePerformedData = EventDataOf<typeof RestorePerformed>;
export type BackupEvent =
  | { type: 'BackupMarked'; data: BackupMarkedData }
  | { type: 'RestorePerformed'; data: RestorePerformedData };

export const backupSchemaVersions: Record<BackupEvent['type'], number> = { BackupMarked: 1, RestorePerformed: 1 };
