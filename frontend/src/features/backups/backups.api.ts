import { API_BASE_PATH } from '@planwerk/events/constants';
import { api, type ApiError } from '../../app/api';
import { requestHeaders } from '../../app/session';
import { noted, queryString } from '../../shared/read-your-writes';

// Backups, restore and undo (events/src/backups/backup.endpoints.ts, ADR 0008). The reads are
// folded from the event streams on the command side: always current, no minCheckpoint needed.

export type RestoreScope = 'project' | 'list' | 'item' | 'signups';

export interface Actor {
  kind: string;
  id: string;
}

export interface RestorePoint {
  /** The checkpoint of the change's last event: the point's address. */
  position: string;
  at: string;
  commandId: string;
  actor: Actor;
  types: string[];
  listIds: string[];
}

export interface BackupMarker {
  backupId: string;
  name: string;
  at: string;
  position: string;
  by: string;
}

export interface BackupPoints {
  days: { date: string; points: RestorePoint[] }[];
  markers: BackupMarker[];
  next: string | null;
}

export interface StateSignUp {
  signupId: string;
  itemId: string;
  userId: string | null;
  name: string | null;
  values: Record<string, unknown>;
  vote: string | null;
  status: string;
  by: string;
  at: string;
  attended: boolean | null;
  erased: boolean;
}

export interface StatePhase {
  phaseId: string;
  name: string;
  description: string;
  folderId: string | null;
}

export interface StateList {
  listId: string;
  phaseId: string;
  name: string;
  description: string;
}

export interface StateItem {
  itemId: string;
  listId: string;
  name: string;
  capacity: number | null;
  date: string | null;
}

/** The project tree as the backup state answers it (ExistingProject without the password hash). */
export interface StateProject {
  projectId: string;
  name: string;
  status: number;
  locked: boolean;
  phases: StatePhase[];
  lists: StateList[];
  items: StateItem[];
}

export interface BackupState {
  position: string | null;
  at: string | null;
  project: StateProject | null;
  signups: Record<string, StateSignUp[]>;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface ObjectDiff {
  added: Record<string, unknown>[];
  removed: Record<string, unknown>[];
  changed: { id: string; changes: FieldChange[] }[];
}

export interface BackupDiff {
  position: string | null;
  at: string | null;
  project: FieldChange[];
  phases: ObjectDiff;
  lists: ObjectDiff;
  items: ObjectDiff;
  signups: ObjectDiff;
}

export interface OverCapacity {
  listId: string;
  itemId: string;
  capacity: number;
  placed: number;
}

export interface RestoreAnswer {
  restoreId: string;
  commandId: string;
  events: number;
  overCapacity: OverCapacity[];
  skipped: { signupId: string; reason: 'erased' | 'item_missing' | 'list_missing' }[];
  checkpoint: string;
}

export interface RestoreInput {
  scope: RestoreScope;
  listId?: string;
  itemId?: string;
  signupIds?: string[];
  position: string;
}

export interface UndoableAction {
  commandId: string;
  at: string;
  projectId: string;
  types: string[];
  events: number;
  undone: boolean;
}

export interface UndoAnswer {
  restoreId: string;
  undoneCommandId: string;
  events: number;
  checkpoint: string;
}

export interface UndoConflict {
  commandId: string;
  at: string;
  actor: Actor;
  type: string;
  stream: string;
  objects: string[];
}

/** An undo's error: the API error plus, on 409 undo_conflict, the later changes in the way. */
export type UndoError = ApiError & { conflicts?: UndoConflict[] };

interface PointRef {
  teamId: string;
  projectId: string;
  position: string;
  listId?: string;
}

const enc = encodeURIComponent;
const prj = (teamId: string, projectId: string) => `team/${enc(teamId)}/project/${enc(projectId)}`;

// A restore or an undo changes the project everywhere it is shown.
const changedEverywhere = (projectId: string, teamId: string) => [
  { type: 'Backups' as const, id: projectId }, { type: 'Undoable' as const, id: teamId },
  { type: 'Project' as const, id: projectId }, { type: 'Projects' as const, id: teamId },
  { type: 'ProjectView' as const, id: 'ANY' }, { type: 'ProjectChanges' as const, id: projectId }, 'Activity' as const,
  { type: 'Analysis' as const, id: projectId },
];

function isWrapper(value: unknown): value is { body: unknown; error: ApiError | null; status: number } {
  return typeof value === 'object' && value !== null && 'body' in value && 'status' in value;
}

/**
 * POST /v5/team/{teamId}/undo. The 409 `undo_conflict` carries the conflicting changes in the
 * wrapper's body, which the shared base query drops; this call reads the wrapper itself.
 */
async function postUndo(teamId: string, commandId: string): Promise<{ data: UndoAnswer } | { error: UndoError }> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}/team/${enc(teamId)}/undo`, {
      method: 'POST',
      headers: { ...requestHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ commandId }),
    });
  } catch {
    return { error: { status: 500, intern: 6952, text: '' } };
  }
  let wrapper: unknown = null;
  try {
    wrapper = await response.json();
  } catch {
    return { error: { status: response.status, intern: null, text: '' } };
  }
  if (!isWrapper(wrapper)) return { error: { status: response.status, intern: null, text: '' } };
  if (wrapper.error) {
    const body = wrapper.body as { conflicts?: UndoConflict[] } | null;
    return { error: { ...wrapper.error, status: wrapper.error.status ?? response.status, ...(body?.conflicts ? { conflicts: body.conflicts } : {}) } };
  }
  return { data: noted<UndoAnswer>(wrapper.body) };
}

export const backupsApi = api.enhanceEndpoints({
  addTagTypes: ['Backups', 'Undoable', 'Project', 'Projects', 'ProjectView', 'ProjectChanges', 'Activity', 'Analysis'],
}).injectEndpoints({
  endpoints: (build) => ({
    listBackupPoints: build.query<BackupPoints, { teamId: string; projectId: string; before?: string }>({
      query: ({ teamId, projectId, before }) => `${prj(teamId, projectId)}/backup${queryString({ limit: 500, before })}`,
      providesTags: (_result, _error, { projectId }) => [{ type: 'Backups', id: projectId }],
    }),
    getBackupState: build.query<BackupState, PointRef>({
      query: ({ teamId, projectId, position, listId }) => `${prj(teamId, projectId)}/backup/state${queryString({ position, listId })}`,
      providesTags: (_result, _error, { projectId }) => [{ type: 'Backups', id: projectId }],
    }),
    getBackupDiff: build.query<BackupDiff, PointRef>({
      query: ({ teamId, projectId, position, listId }) => `${prj(teamId, projectId)}/backup/diff${queryString({ position, listId })}`,
      providesTags: (_result, _error, { projectId }) => [{ type: 'Backups', id: projectId }],
    }),
    markBackup: build.mutation<{ backupId: string; position: string; at: string; checkpoint: string }, { teamId: string; projectId: string; name: string; position?: string }>({
      query: ({ teamId, projectId, name, position }) => ({ url: `${prj(teamId, projectId)}/backup`, method: 'POST', body: position ? { name, position } : { name } }),
      transformResponse: noted,
      invalidatesTags: (_result, _error, { projectId }) => [{ type: 'Backups', id: projectId }],
    }),
    restoreBackup: build.mutation<RestoreAnswer, { teamId: string; projectId: string; body: RestoreInput }>({
      query: ({ teamId, projectId, body }) => ({ url: `${prj(teamId, projectId)}/backup/restore`, method: 'POST', body }),
      transformResponse: noted,
      invalidatesTags: (result, _error, { teamId, projectId }) => (result ? changedEverywhere(projectId, teamId) : []),
    }),
    listUndoable: build.query<UndoableAction[], string>({
      query: (teamId) => `team/${enc(teamId)}/undo`,
      transformResponse: (body: { actions: UndoableAction[] }) => body.actions,
      providesTags: (_result, _error, teamId) => [{ type: 'Undoable', id: teamId }],
    }),
    undoAction: build.mutation<UndoAnswer, { teamId: string; commandId: string; projectId: string }>({
      queryFn: ({ teamId, commandId }) => postUndo(teamId, commandId),
      invalidatesTags: (result, _error, { teamId, projectId }) => (result ? changedEverywhere(projectId, teamId) : [{ type: 'Undoable', id: teamId }]),
    }),
  }),
});

export const {
  useListBackupPointsQuery, useGetBackupStateQuery, useGetBackupDiffQuery, useMarkBackupMutation, useRestoreBackupMutation,
  useListUndoableQuery, useUndoActionMutation,
} = backupsApi;

/** The project's full history (JSON download). */
export function historyPath(teamId: string, projectId: string): string {
  return `${prj(teamId, projectId)}/history`;
}
