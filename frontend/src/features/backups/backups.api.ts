import type {
  exportProjectHistoryEndpoint, getBackupDiffEndpoint, getBackupStateEndpoint, listBackupPointsEndpoint, listUndoableEndpoint, markBackupEndpoint, restoreBackupEndpoint,
  undoEndpoint,
} from '@planwerk/events/backups/backup.endpoints';
import type { ErrorBodyOf } from '@planwerk/events/http/endpoint';
import { API_BASE_PATH } from '@planwerk/events/constants';
import { api, type ApiError } from '../../app/api';
import { fromContract, route, urlOf, type RequestOf, type ResponseOf } from '../../app/contract';
import { requestHeaders } from '../../app/session';

// Backups, restore and undo (events/src/backups/backup.endpoints.ts, ADR 0008). The reads are
// folded from the event streams on the command side: always current, no minCheckpoint needed.
// Every type here comes from the declarations: none is written by hand.

export type BackupPoints = ResponseOf<typeof listBackupPointsEndpoint>;
export type RestorePoint = BackupPoints['days'][number]['points'][number];
export type BackupMarker = BackupPoints['markers'][number];
export type Actor = RestorePoint['actor'];

export type BackupState = ResponseOf<typeof getBackupStateEndpoint>;
/** The project tree the backup state answers (ExistingProject without the password hash). */
export type StateProject = NonNullable<BackupState['project']>;
export type StatePhase = StateProject['phases'][number];
export type StateList = StateProject['lists'][number];
export type StateItem = StateProject['items'][number];
export type StateSignup = BackupState['signups'][string][number];

export type BackupDiff = ResponseOf<typeof getBackupDiffEndpoint>;
export type FieldChange = BackupDiff['project'][number];
export type ObjectDiff = BackupDiff['phases'];

export type RestoreAnswer = ResponseOf<typeof restoreBackupEndpoint>;
export type OverCapacity = RestoreAnswer['overCapacity'][number];
export type RestoreInput = RequestOf<typeof restoreBackupEndpoint>['body'];
export type RestoreScope = RestoreInput['scope'];

export type UndoableAction = ResponseOf<typeof listUndoableEndpoint>['actions'][number];
export type UndoAnswer = ResponseOf<typeof undoEndpoint>;
type UndoConflictBody = ErrorBodyOf<typeof undoEndpoint>;
export type UndoConflict = UndoConflictBody['conflicts'][number];

/** An undo's error: the API error plus, on 409 undo_conflict, the later changes in the way. */
export type UndoError = ApiError & { conflicts?: UndoConflict[] };

interface PointRef {
  teamId: string;
  projectId: string;
  position: string;
  listId?: string;
}

interface UndoArgs {
  teamId: string;
  commandId: string;
  projectId: string;
}

const projectParams = ({ teamId, projectId }: { teamId: string; projectId: string }) => ({ params: { teamId, projectId } });

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

/** The body of a 409 undo_conflict: the declared error body (ErrorBodyOf the undo endpoint). */
function isConflictBody(body: unknown): body is UndoConflictBody {
  return typeof body === 'object' && body !== null && 'conflicts' in body && Array.isArray(body.conflicts);
}

const undoCall = fromContract(
  route<typeof undoEndpoint>('POST /v5/team/{teamId}/undo'),
  ({ teamId, commandId }: UndoArgs) => ({ params: { teamId }, body: { commandId } }),
);

/**
 * POST /v5/team/{teamId}/undo. The 409 `undo_conflict` carries the conflicting changes in the
 * wrapper's body, which the shared base query drops; this call reads the wrapper itself.
 */
async function postUndo(args: UndoArgs): Promise<{ data: UndoAnswer } | { error: UndoError }> {
  const request = undoCall.query(args);
  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}/${request.url}`, {
      method: request.method,
      headers: { ...requestHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
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
    const conflicts = isConflictBody(wrapper.body) ? { conflicts: wrapper.body.conflicts } : {};
    return { error: { ...wrapper.error, status: wrapper.error.status ?? response.status, ...conflicts } };
  }
  return { data: undoCall.transformResponse(wrapper.body) };
}

export const backupsApi = api.enhanceEndpoints({
  addTagTypes: ['Backups', 'Undoable', 'Project', 'Projects', 'ProjectView', 'ProjectChanges', 'Activity', 'Analysis'],
}).injectEndpoints({
  endpoints: (build) => ({
    listBackupPoints: build.query({
      ...fromContract(
        route<typeof listBackupPointsEndpoint>('GET /v5/team/{teamId}/project/{projectId}/backup'),
        ({ before, ...ref }: { teamId: string; projectId: string; before?: string }) => ({ ...projectParams(ref), query: { limit: 500, before } }),
      ),
      providesTags: (_result, _error, { projectId }) => [{ type: 'Backups', id: projectId }],
    }),
    getBackupState: build.query({
      ...fromContract(
        route<typeof getBackupStateEndpoint>('GET /v5/team/{teamId}/project/{projectId}/backup/state'),
        ({ position, listId, ...ref }: PointRef) => ({ ...projectParams(ref), query: { position, listId } }),
      ),
      providesTags: (_result, _error, { projectId }) => [{ type: 'Backups', id: projectId }],
    }),
    getBackupDiff: build.query({
      ...fromContract(
        route<typeof getBackupDiffEndpoint>('GET /v5/team/{teamId}/project/{projectId}/backup/diff'),
        ({ position, listId, ...ref }: PointRef) => ({ ...projectParams(ref), query: { position, listId } }),
      ),
      providesTags: (_result, _error, { projectId }) => [{ type: 'Backups', id: projectId }],
    }),
    markBackup: build.mutation({
      ...fromContract(
        route<typeof markBackupEndpoint>('POST /v5/team/{teamId}/project/{projectId}/backup'),
        ({ name, position, ...ref }: { teamId: string; projectId: string; name: string; position?: string }) =>
          ({ ...projectParams(ref), body: position ? { name, position } : { name } }),
      ),
      invalidatesTags: (_result, _error, { projectId }) => [{ type: 'Backups', id: projectId }],
    }),
    restoreBackup: build.mutation({
      ...fromContract(
        route<typeof restoreBackupEndpoint>('POST /v5/team/{teamId}/project/{projectId}/backup/restore'),
        ({ body, ...ref }: { teamId: string; projectId: string; body: RestoreInput }) => ({ ...projectParams(ref), body }),
      ),
      invalidatesTags: (result, _error, { teamId, projectId }) => (result ? changedEverywhere(projectId, teamId) : []),
    }),
    listUndoable: build.query({
      ...fromContract(route<typeof listUndoableEndpoint>('GET /v5/team/{teamId}/undo'), (teamId: string) => ({ params: { teamId } }), (answer) => answer.actions),
      providesTags: (_result, _error, teamId) => [{ type: 'Undoable', id: teamId }],
    }),
    undoAction: build.mutation<UndoAnswer, UndoArgs>({
      queryFn: postUndo,
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
  return urlOf(route<typeof exportProjectHistoryEndpoint>('GET /v5/team/{teamId}/project/{projectId}/history'), { params: { teamId, projectId } });
}
