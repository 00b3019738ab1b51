import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { BACKUP_NAME_MAX, overCapacitySchema, RESTORE_SCOPES } from './backup.events';

// Backups, restore and undo (ADR 0008). Served by the command service: states are folded from
// the project's event streams (not from read models) and personal fields need the store's key.
// Backup routes need area manage_backup for the project; undo is the caller's own management
// actions (area manage_prj).

const tag = 'backups';
const base = '/v5/team/{teamId}/project/{projectId}';
const checkpoint = z.string();
const instant = z.iso.datetime({ offset: true });
const position = z.string().trim().min(1).max(200);

/** A point in the past: a log checkpoint (`position`, from the restore points) or a time (`at`). */
export const backupPointQuery = z.object({
  at: instant.optional(),
  position: position.optional(),
  /** Narrows the answer to one list (its tree entry, items and sign-ups). */
  listId: z.uuid().optional(),
}).strict().refine((q) => q.at !== undefined || q.position !== undefined, { message: 'at or position is required', path: ['at'] });
export type BackupPointQuery = z.infer<typeof backupPointQuery>;

export const listBackupPointsQuery = z.object({
  listId: z.uuid().optional(),
  /** Only the points of one day (YYYY-MM-DD, UTC): the `dateId` of the console route. */
  date: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  /** Points strictly before this checkpoint (the previous page's `next`). */
  before: position.optional(),
}).strict();
export type ListBackupPointsQuery = z.infer<typeof listBackupPointsQuery>;

export const markBackupBody = z.object({
  name: z.string().trim().min(1).max(BACKUP_NAME_MAX),
  /** The checkpoint to mark; the project's current state when left out. */
  position: position.optional(),
}).strict();
export type MarkBackupBody = z.infer<typeof markBackupBody>;

export const restoreBackupBody = z.object({
  scope: z.enum(RESTORE_SCOPES),
  listId: z.uuid().optional(),
  itemId: z.uuid().optional(),
  signupIds: z.array(z.uuid()).min(1).max(1000).optional(),
  at: instant.optional(),
  position: position.optional(),
}).strict()
  .refine((b) => b.at !== undefined || b.position !== undefined, { message: 'at or position is required', path: ['at'] })
  .refine((b) => b.scope === 'project' || b.listId !== undefined, { message: 'this scope needs a list', path: ['listId'] })
  .refine((b) => b.scope !== 'item' || b.itemId !== undefined, { message: 'an item restore needs itemId', path: ['itemId'] })
  .refine((b) => b.scope !== 'signups' || b.signupIds !== undefined, { message: 'a sign-up restore needs signupIds', path: ['signupIds'] });
export type RestoreBackupBody = z.infer<typeof restoreBackupBody>;

export const undoBody = z.object({ commandId: z.string().trim().min(1).max(200) }).strict();
export type UndoBody = z.infer<typeof undoBody>;

const actorSchema = z.object({ kind: z.string(), id: z.string() });
export const restorePointSchema = z.object({
  /** The checkpoint of the change's last event: pass it as `position`. */
  position: checkpoint,
  at: instant,
  commandId: z.string(),
  actor: actorSchema,
  /** Event types of the change, in order. */
  types: z.array(z.string()),
  listIds: z.array(z.uuid()),
});
export const backupMarkerSchema = z.object({
  backupId: z.uuid(), name: z.string(), at: instant, position: checkpoint, by: z.uuid(),
});

export const listBackupPointsEndpoint = defineEndpoint({
  operationId: 'listBackupPoints', method: 'GET', path: `${base}/backup`, service: 'command', tag,
  summary: 'Restore points of a project (or one list) by date, newest first, and the named backups',
  query: listBackupPointsQuery,
  response: z.object({
    days: z.array(z.object({ date: z.iso.date(), points: z.array(restorePointSchema) })),
    markers: z.array(backupMarkerSchema),
    next: checkpoint.nullable(),
  }),
});

export const markBackupEndpoint = defineEndpoint({
  operationId: 'markBackup', method: 'POST', path: `${base}/backup`, service: 'command', tag,
  summary: 'Set a named backup (a marker on the log) at the current state or at a given point',
  body: markBackupBody,
  successStatus: 201,
  response: z.object({ backupId: z.uuid(), position: checkpoint, at: instant, checkpoint }),
});

export const stateSignupSchema = z.object({
  signupId: z.uuid(), itemId: z.uuid(), userId: z.uuid().nullable(), name: z.string().nullable(),
  values: z.record(z.string(), z.unknown()), vote: z.string().nullable(), status: z.string(), by: z.string(),
  at: instant, attended: z.boolean().nullable(), erased: z.boolean(),
});

// The project tree at a point (ExistingProject without the password hash). The schemas name
// what the console reads; the answer carries the tree's other fields too (an object schema
// lets extra keys pass), so the command side's tree stays assignable to the inferred type.
export const statePhaseSchema = z.object({ phaseId: z.uuid(), name: z.string(), description: z.string(), folderId: z.uuid().nullable() });
export const stateListSchema = z.object({ listId: z.uuid(), phaseId: z.uuid(), name: z.string(), description: z.string() });
export const stateItemSchema = z.object({
  itemId: z.uuid(), listId: z.uuid(), name: z.string(), capacity: z.number().int().nullable(), date: z.string().nullable(),
});
export const stateProjectSchema = z.object({
  projectId: z.uuid(), name: z.string(), status: z.number().int(), locked: z.boolean(),
  /** Whether a visitor password is set (the hash itself never leaves the service). */
  passwordSet: z.boolean(),
  phases: z.array(statePhaseSchema),
  lists: z.array(stateListSchema),
  items: z.array(stateItemSchema),
});

export const getBackupStateEndpoint = defineEndpoint({
  operationId: 'getBackupState', method: 'GET', path: `${base}/backup/state`, service: 'command', tag,
  summary: 'The project (or one list) as of a point in time, folded from its events',
  query: backupPointQuery,
  response: z.object({
    position: checkpoint.nullable(),
    at: instant.nullable(),
    /** The project tree at that point (no password hash), or null when it did not exist. */
    project: stateProjectSchema.nullable(),
    signups: z.record(z.uuid(), z.array(stateSignupSchema)),
  }),
});

export const fieldChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export const objectDiffSchema = z.object({
  added: z.array(z.record(z.string(), z.unknown())),
  removed: z.array(z.record(z.string(), z.unknown())),
  changed: z.array(z.object({ id: z.string(), changes: z.array(fieldChangeSchema) })),
});

export const getBackupDiffEndpoint = defineEndpoint({
  operationId: 'getBackupDiff', method: 'GET', path: `${base}/backup/diff`, service: 'command', tag,
  summary: 'What changed between a point in time and now: project fields, phases, lists, items, sign-ups',
  query: backupPointQuery,
  response: z.object({
    position: checkpoint.nullable(),
    at: instant.nullable(),
    project: z.array(fieldChangeSchema),
    phases: objectDiffSchema,
    lists: objectDiffSchema,
    items: objectDiffSchema,
    signups: objectDiffSchema,
  }),
});

const skippedSchema = z.object({ signupId: z.uuid(), reason: z.enum(['erased', 'item_missing', 'list_missing']) });

export const restoreBackupEndpoint = defineEndpoint({
  operationId: 'restoreBackup', method: 'POST', path: `${base}/backup/restore`, service: 'command', tag,
  summary: 'Restore the project, a list, an item or sign-ups to a point through compensating events (one command)',
  body: restoreBackupBody,
  response: z.object({
    restoreId: z.uuid(), commandId: z.string(), events: z.number().int().nonnegative(),
    overCapacity: z.array(overCapacitySchema), skipped: z.array(skippedSchema), checkpoint,
  }),
});

export const undoConflictSchema = z.object({
  commandId: z.string(), at: instant, actor: actorSchema, type: z.string(), stream: z.string(), objects: z.array(z.string()),
});

/** The body of the 409 `undo_conflict`: the later changes of others in the way. */
export const undoConflictBody = z.object({ conflicts: z.array(undoConflictSchema) });

export const undoEndpoint = defineEndpoint({
  operationId: 'undoAction', method: 'POST', path: '/v5/team/{teamId}/undo', service: 'command', tag,
  summary: 'Undo one of my recent actions (a bulk action or a restore included) through compensating events; 409 lists conflicting later changes',
  body: undoBody,
  response: z.object({ restoreId: z.uuid(), undoneCommandId: z.string(), events: z.number().int().nonnegative(), checkpoint }),
  errorBody: undoConflictBody,
});

export const listUndoableEndpoint = defineEndpoint({
  operationId: 'listUndoable', method: 'GET', path: '/v5/team/{teamId}/undo', service: 'command', tag,
  summary: 'My recent undoable actions in the team, newest first',
  response: z.object({
    actions: z.array(z.object({
      commandId: z.string(), at: instant, projectId: z.uuid(), types: z.array(z.string()), events: z.number().int().positive(),
      undone: z.boolean(),
    })),
  }),
});

export const exportProjectHistoryEndpoint = defineEndpoint({
  operationId: 'exportProjectHistory', method: 'GET', path: `${base}/history`, service: 'command', tag,
  summary: "The project's full history as JSON: every event of its streams in log order with metadata",
  download: ['application/json'],
  response: z.unknown(),
});

export const backupEndpoints = [
  listBackupPointsEndpoint, markBackupEndpoint, getBackupStateEndpoint, getBackupDiffEndpoint, restoreBackupEndpoint,
  undoEndpoint, listUndoableEndpoint, exportProjectHistoryEndpoint,
] as const;
