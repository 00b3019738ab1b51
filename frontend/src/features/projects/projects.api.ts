import type {
  addItemEndpoint, addListEndpoint, addPhaseEndpoint, changeProjectLockEndpoint, changeProjectStatusEndpoint,
  changeProjectVisibilityEndpoint, copyItemEndpoint, copyListEndpoint, copyPhaseEndpoint, copyProjectEndpoint,
  createProjectEndpoint, createProjectFromPresetEndpoint, editItemEndpoint, editListEndpoint, editListsEndpoint,
  editPhaseEndpoint, editProjectEndpoint, moveListEndpoint, purgeProjectEndpoint, removeItemEndpoint, removeListEndpoint,
  removePhaseEndpoint, removePresetColumnEndpoint, savePresetColumnEndpoint, sortItemsEndpoint, sortListsEndpoint,
  sortPhasesEndpoint,
} from '@planwerk/events/projects/project.endpoints';
import type {
  exportProjectEndpoint, getProjectTreeEndpoint, getProjectViewEndpoint, listPresetsEndpoint, listProjectsEndpoint,
} from '@planwerk/events/projects/project-queries.endpoints';
import type {
  cleanListEndpoint, cleanProjectEndpoint, clearItemSignupsEndpoint, confirmAttendanceEndpoint, notifyListEndpoint,
} from '@planwerk/events/signups/signup.endpoints';
import { api } from '../../app/api';
import { allOf, fromContract, route, urlOf, type RequestOf, type ResponseOf } from '../../app/contract';

// Projects, phases, lists, items and presets (events/src/projects/*.endpoints.ts, ADR 0006).
// Every type here comes from the declarations: none is written by hand.

export type ProjectView = ResponseOf<typeof getProjectViewEndpoint>;
export type ProjectTree = ResponseOf<typeof getProjectTreeEndpoint>;
export type PresetList = ResponseOf<typeof listPresetsEndpoint>;
export type ProjectOverviewEntry = ResponseOf<typeof listProjectsEndpoint>['projects'][number];
export type PhaseView = ProjectView['phases'][number];
export type ListView = ProjectView['lists'][number];
export type ListField = ListView['fields'][number];
export type ListWindow = ListView['window'];
export type WindowState = ListView['windowState'];
export type AttendanceMode = ListView['attendance'];
export type ShowNames = ListView['settings']['showNames'];
export type ItemView = ListView['items'][number];
export type ItemVote = NonNullable<ItemView['vote']>;
export type SignupView = ItemView['mine'][number];
export type SignupStatus = SignupView['status'];
export type ProjectVisibility = ProjectView['project']['visibility'];
export type FieldDefinition = PresetList['columns'][number]['field'];
export type OverviewFilter = NonNullable<NonNullable<RequestOf<typeof listProjectsEndpoint>['query']>['filter']>;
export type ListInput = RequestOf<typeof editListEndpoint>['body'];
type ListChanges = RequestOf<typeof editListsEndpoint>['body']['changes'];

// The option lists of the selects, in the order offered; each must name every member of its
// declared type (a missing or extra one fails typecheck).
/** Every visibility a project can have, as the visibility change accepts them. */
export const PROJECT_VISIBILITIES = allOf<ProjectVisibility>()(['public', 'login', 'verified', 'team', 'admins', 'owner', 'password']);
/** The visibilities a new project may start with (no password yet). */
export const CREATE_VISIBILITIES = allOf<NonNullable<RequestOf<typeof createProjectEndpoint>['body']['visibility']>>()(['public', 'login', 'verified', 'team', 'admins', 'owner']);
/** Who sees the names of a list's sign-ups. */
export const SHOW_NAMES = allOf<ShowNames>()(['all', 'team', 'admins']);

interface ProjectRef {
  teamId: string;
  projectId: string;
}

type Tag = { type: 'Projects'; id: string } | { type: 'Project'; id: string } | { type: 'Presets'; id: string };
const projectsTag = (teamId: string): Tag => ({ type: 'Projects', id: teamId });
const projectTag = (projectId: string): Tag => ({ type: 'Project', id: projectId });
const presetsTag = (teamId: string): Tag => ({ type: 'Presets', id: teamId });
// Every structure change shows in the tree, the team's overview (counts) and the public view.
const touched = (_result: unknown, _error: unknown, { teamId, projectId }: ProjectRef): Tag[] => [projectTag(projectId), projectsTag(teamId)];

// The editor's changes name the project and answer a checkpoint (noted by fromContract: read-your-writes).
export const projectsApi = api.enhanceEndpoints({ addTagTypes: ['Projects', 'Project', 'Presets'] }).injectEndpoints({
  endpoints: (build) => ({
    listProjects: build.query({
      ...fromContract(route<typeof listProjectsEndpoint>('GET /v5/team/{teamId}/project', 'minCheckpoint'), ({ teamId, filter, status }: { teamId: string; filter: OverviewFilter; status?: string }) => ({
        params: { teamId }, query: { filter, status },
      }), (answer) => answer.projects),
      providesTags: (_result, _error, { teamId }) => [projectsTag(teamId)],
    }),
    getProjectTree: build.query({
      ...fromContract(route<typeof getProjectTreeEndpoint>('GET /v5/team/{teamId}/project/{projectId}', 'minCheckpoint'), ({ teamId, projectId }: ProjectRef) => ({ params: { teamId, projectId } })),
      providesTags: (_result, _error, { projectId }) => [projectTag(projectId)],
    }),
    createProject: build.mutation({
      ...fromContract(route<typeof createProjectEndpoint>('POST /v5/team/{teamId}/project'), ({ teamId, body }: { teamId: string; body: RequestOf<typeof createProjectEndpoint>['body'] }) => ({ params: { teamId }, body })),
      invalidatesTags: (_result, _error, { teamId }) => [projectsTag(teamId)],
    }),
    editProject: build.mutation({
      ...fromContract(route<typeof editProjectEndpoint>('PUT /v5/team/{teamId}/project/{projectId}'), ({ teamId, projectId, body }: ProjectRef & { body: RequestOf<typeof editProjectEndpoint>['body'] }) => ({ params: { teamId, projectId }, body })),
      invalidatesTags: touched,
    }),
    changeVisibility: build.mutation({
      ...fromContract(route<typeof changeProjectVisibilityEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/visibility'), ({ teamId, projectId, body }: ProjectRef & { body: RequestOf<typeof changeProjectVisibilityEndpoint>['body'] }) => ({ params: { teamId, projectId }, body })),
      invalidatesTags: touched,
    }),
    changeStatus: build.mutation({
      ...fromContract(route<typeof changeProjectStatusEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/status'), ({ teamId, projectId, body }: ProjectRef & { body: RequestOf<typeof changeProjectStatusEndpoint>['body'] }) => ({ params: { teamId, projectId }, body })),
      invalidatesTags: touched,
    }),
    changeLock: build.mutation({
      ...fromContract(route<typeof changeProjectLockEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/lock'), ({ teamId, projectId, locked }: ProjectRef & { locked: boolean }) => ({ params: { teamId, projectId }, body: { locked } })),
      invalidatesTags: touched,
    }),
    purgeProject: build.mutation({
      ...fromContract(route<typeof purgeProjectEndpoint>('DELETE /v5/team/{teamId}/project/{projectId}'), ({ teamId, projectId }: ProjectRef) => ({ params: { teamId, projectId } })),
      invalidatesTags: (_result, _error, { teamId }) => [projectsTag(teamId), presetsTag(teamId)],
    }),
    copyProject: build.mutation({
      ...fromContract(route<typeof copyProjectEndpoint>('POST /v5/team/{teamId}/project/{projectId}/copy'), ({ teamId, projectId, body }: ProjectRef & { body: RequestOf<typeof copyProjectEndpoint>['body'] }) => ({ params: { teamId, projectId }, body })),
      invalidatesTags: (_result, _error, { teamId }) => [projectsTag(teamId), presetsTag(teamId)],
    }),
    createFromPreset: build.mutation({
      ...fromContract(route<typeof createProjectFromPresetEndpoint>('POST /v5/team/{teamId}/preset/{presetId}/project'), ({ teamId, presetId, body }: { teamId: string; presetId: string; body: RequestOf<typeof createProjectFromPresetEndpoint>['body'] }) => ({
        params: { teamId, presetId }, body,
      })),
      invalidatesTags: (_result, _error, { teamId }) => [projectsTag(teamId)],
    }),
    listPresets: build.query({
      ...fromContract(route<typeof listPresetsEndpoint>('GET /v5/team/{teamId}/preset', 'minCheckpoint'), (teamId: string) => ({ params: { teamId } })),
      providesTags: (_result, _error, teamId) => [presetsTag(teamId)],
    }),
    savePresetColumn: build.mutation({
      ...fromContract(route<typeof savePresetColumnEndpoint>('POST /v5/team/{teamId}/preset-column'), ({ teamId, field }: { teamId: string; field: RequestOf<typeof savePresetColumnEndpoint>['body']['field'] }) => ({ params: { teamId }, body: { field } })),
      invalidatesTags: (_result, _error, { teamId }) => [presetsTag(teamId)],
    }),
    removePresetColumn: build.mutation({
      ...fromContract(route<typeof removePresetColumnEndpoint>('DELETE /v5/team/{teamId}/preset-column/{columnId}'), ({ teamId, columnId }: { teamId: string; columnId: string }) => ({ params: { teamId, columnId } })),
      invalidatesTags: (_result, _error, { teamId }) => [presetsTag(teamId)],
    }),

    // Phases
    addPhase: build.mutation({
      ...fromContract(route<typeof addPhaseEndpoint>('POST /v5/team/{teamId}/project/{projectId}/phase'), ({ teamId, projectId, body }: ProjectRef & { body: RequestOf<typeof addPhaseEndpoint>['body'] }) => ({ params: { teamId, projectId }, body })),
      invalidatesTags: touched,
    }),
    editPhase: build.mutation({
      ...fromContract(route<typeof editPhaseEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/phase/{phaseId}'), ({ teamId, projectId, phaseId, body }: ProjectRef & { phaseId: string; body: RequestOf<typeof editPhaseEndpoint>['body'] }) => ({ params: { teamId, projectId, phaseId }, body })),
      invalidatesTags: touched,
    }),
    removePhase: build.mutation({
      ...fromContract(route<typeof removePhaseEndpoint>('DELETE /v5/team/{teamId}/project/{projectId}/phase/{phaseId}'), ({ teamId, projectId, phaseId }: ProjectRef & { phaseId: string }) => ({ params: { teamId, projectId, phaseId } })),
      invalidatesTags: touched,
    }),
    copyPhase: build.mutation({
      ...fromContract(route<typeof copyPhaseEndpoint>('POST /v5/team/{teamId}/project/{projectId}/phase/{phaseId}/copy'), ({ teamId, projectId, phaseId, name }: ProjectRef & { phaseId: string; name?: string }) => ({ params: { teamId, projectId, phaseId }, body: name ? { name } : {} })),
      invalidatesTags: touched,
    }),
    sortPhases: build.mutation({
      ...fromContract(route<typeof sortPhasesEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/phase-order'), ({ teamId, projectId, folderId, order }: ProjectRef & { folderId: string | null; order: string[] }) => ({ params: { teamId, projectId }, body: { folderId, order } })),
      invalidatesTags: touched,
    }),

    // Lists
    addList: build.mutation({
      ...fromContract(route<typeof addListEndpoint>('POST /v5/team/{teamId}/project/{projectId}/phase/{phaseId}/list'), ({ teamId, projectId, phaseId, body }: ProjectRef & { phaseId: string; body: RequestOf<typeof addListEndpoint>['body'] }) => ({ params: { teamId, projectId, phaseId }, body })),
      invalidatesTags: touched,
    }),
    editList: build.mutation({
      ...fromContract(route<typeof editListEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/list/{listId}'), ({ teamId, projectId, listId, body }: ProjectRef & { listId: string; body: ListInput }) => ({ params: { teamId, projectId, listId }, body })),
      invalidatesTags: touched,
    }),
    removeList: build.mutation({
      ...fromContract(route<typeof removeListEndpoint>('DELETE /v5/team/{teamId}/project/{projectId}/list/{listId}'), ({ teamId, projectId, listId }: ProjectRef & { listId: string }) => ({ params: { teamId, projectId, listId } })),
      invalidatesTags: touched,
    }),
    copyList: build.mutation({
      ...fromContract(route<typeof copyListEndpoint>('POST /v5/team/{teamId}/project/{projectId}/list/{listId}/copy'), ({ teamId, projectId, listId, phaseId }: ProjectRef & { listId: string; phaseId?: string }) => ({ params: { teamId, projectId, listId }, body: phaseId ? { phaseId } : {} })),
      invalidatesTags: touched,
    }),
    moveList: build.mutation({
      ...fromContract(route<typeof moveListEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/list/{listId}/move'), ({ teamId, projectId, listId, phaseId }: ProjectRef & { listId: string; phaseId: string }) => ({ params: { teamId, projectId, listId }, body: { phaseId } })),
      invalidatesTags: touched,
    }),
    sortLists: build.mutation({
      ...fromContract(route<typeof sortListsEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/phase/{phaseId}/list-order'), ({ teamId, projectId, phaseId, order }: ProjectRef & { phaseId: string; order: string[] }) => ({ params: { teamId, projectId, phaseId }, body: { order } })),
      invalidatesTags: touched,
    }),
    editLists: build.mutation({
      ...fromContract(route<typeof editListsEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/lists'), ({ teamId, projectId, listIds, changes }: ProjectRef & { listIds: string[]; changes: ListChanges }) => ({ params: { teamId, projectId }, body: { listIds, changes } })),
      invalidatesTags: touched,
    }),

    // Items
    addItem: build.mutation({
      ...fromContract(route<typeof addItemEndpoint>('POST /v5/team/{teamId}/project/{projectId}/list/{listId}/item'), ({ teamId, projectId, listId, body }: ProjectRef & { listId: string; body: RequestOf<typeof addItemEndpoint>['body'] }) => ({ params: { teamId, projectId, listId }, body })),
      invalidatesTags: touched,
    }),
    editItem: build.mutation({
      ...fromContract(route<typeof editItemEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/list/{listId}/item/{itemId}'), ({ teamId, projectId, listId, itemId, body }: ProjectRef & { listId: string; itemId: string; body: RequestOf<typeof editItemEndpoint>['body'] }) => ({
        params: { teamId, projectId, listId, itemId }, body,
      })),
      invalidatesTags: touched,
    }),
    removeItem: build.mutation({
      ...fromContract(route<typeof removeItemEndpoint>('DELETE /v5/team/{teamId}/project/{projectId}/list/{listId}/item/{itemId}'), ({ teamId, projectId, listId, itemId }: ProjectRef & { listId: string; itemId: string }) => ({ params: { teamId, projectId, listId, itemId } })),
      invalidatesTags: touched,
    }),
    copyItem: build.mutation({
      ...fromContract(route<typeof copyItemEndpoint>('POST /v5/team/{teamId}/project/{projectId}/list/{listId}/item/{itemId}/copy'), ({ teamId, projectId, listId, itemId }: ProjectRef & { listId: string; itemId: string }) => ({ params: { teamId, projectId, listId, itemId }, body: {} })),
      invalidatesTags: touched,
    }),
    sortItems: build.mutation({
      ...fromContract(route<typeof sortItemsEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/list/{listId}/item-order'), ({ teamId, projectId, listId, order }: ProjectRef & { listId: string; order: string[] }) => ({ params: { teamId, projectId, listId }, body: { order } })),
      invalidatesTags: touched,
    }),

    // Sign-up administration (events/src/signups/signup.endpoints.ts): the editor's menus.
    confirmAttendance: build.mutation({
      ...fromContract(route<typeof confirmAttendanceEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/list/{listId}/attendance'), ({ teamId, projectId, listId, signupIds, attended }: ProjectRef & { listId: string; signupIds: string[]; attended: boolean }) => ({
        params: { teamId, projectId, listId }, body: { signupIds, attended },
      })),
      invalidatesTags: touched,
    }),
    clearItemSignups: build.mutation({
      ...fromContract(route<typeof clearItemSignupsEndpoint>('DELETE /v5/team/{teamId}/project/{projectId}/list/{listId}/item/{itemId}/signups'), ({ teamId, projectId, listId, itemId }: ProjectRef & { listId: string; itemId: string }) => ({ params: { teamId, projectId, listId, itemId } })),
      invalidatesTags: touched,
    }),
    cleanList: build.mutation({
      ...fromContract(route<typeof cleanListEndpoint>('POST /v5/team/{teamId}/project/{projectId}/list/{listId}/clean'), ({ teamId, projectId, listId }: ProjectRef & { listId: string }) => ({ params: { teamId, projectId, listId } })),
      invalidatesTags: touched,
    }),
    cleanProject: build.mutation({
      ...fromContract(route<typeof cleanProjectEndpoint>('POST /v5/team/{teamId}/project/{projectId}/clean'), ({ teamId, projectId }: ProjectRef) => ({ params: { teamId, projectId } })),
      invalidatesTags: touched,
    }),
    notifyList: build.mutation({
      ...fromContract(route<typeof notifyListEndpoint>('POST /v5/team/{teamId}/project/{projectId}/list/{listId}/notify'), ({ teamId, projectId, listId, subject, text }: ProjectRef & { listId: string; subject: string; text: string }) => ({
        params: { teamId, projectId, listId }, body: { subject, text },
      })),
    }),
  }),
});

export const {
  useListProjectsQuery, useGetProjectTreeQuery, useCreateProjectMutation, useEditProjectMutation, useChangeVisibilityMutation,
  useChangeStatusMutation, useChangeLockMutation, usePurgeProjectMutation, useCopyProjectMutation, useCreateFromPresetMutation,
  useListPresetsQuery, useSavePresetColumnMutation, useRemovePresetColumnMutation,
  useAddPhaseMutation, useEditPhaseMutation, useRemovePhaseMutation, useCopyPhaseMutation, useSortPhasesMutation,
  useAddListMutation, useEditListMutation, useRemoveListMutation, useCopyListMutation, useMoveListMutation, useSortListsMutation,
  useEditListsMutation, useAddItemMutation, useEditItemMutation, useRemoveItemMutation, useCopyItemMutation, useSortItemsMutation,
  useConfirmAttendanceMutation, useClearItemSignupsMutation, useCleanListMutation, useCleanProjectMutation, useNotifyListMutation,
} = projectsApi;

/** The url of the project export (a file on success, the JSON wrapper on errors). */
export function exportUrl(teamId: string, projectId: string, format: 'csv' | 'xlsx', part?: { phaseId?: string; listId?: string }): string {
  const to = route<typeof exportProjectEndpoint>('GET /v5/team/{teamId}/project/{projectId}/export', 'minCheckpoint');
  return urlOf(to, { params: { teamId, projectId }, query: { format, phaseId: part?.phaseId, listId: part?.listId } });
}
