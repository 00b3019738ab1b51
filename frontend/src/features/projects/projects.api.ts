import {
  addItemEndpoint, addListEndpoint, addPhaseEndpoint, changeProjectLockEndpoint, changeProjectStatusEndpoint,
  changeProjectVisibilityEndpoint, copyItemEndpoint, copyListEndpoint, copyPhaseEndpoint, copyProjectEndpoint,
  createProjectEndpoint, createProjectFromPresetEndpoint, editItemEndpoint, editListEndpoint, editListsEndpoint,
  editPhaseEndpoint, editProjectEndpoint, moveListEndpoint, purgeProjectEndpoint, removeItemEndpoint, removeListEndpoint,
  removePhaseEndpoint, removePresetColumnEndpoint, savePresetColumnEndpoint, sortItemsEndpoint, sortListsEndpoint,
  sortPhasesEndpoint,
} from '@planwerk/events/projects/project.endpoints';
import {
  exportProjectEndpoint, getProjectTreeEndpoint, getProjectViewEndpoint, listPresetsEndpoint, listProjectsEndpoint,
} from '@planwerk/events/projects/project-queries.endpoints';
import {
  cleanListEndpoint, cleanProjectEndpoint, clearItemSignUpsEndpoint, confirmAttendanceEndpoint, notifyListEndpoint,
} from '@planwerk/events/signups/signup.endpoints';
import { api } from '../../app/api';
import { fromContract, urlOf, type RequestOf, type ResponseOf } from '../../app/contract';
import { withCheckpoint } from '../../shared/read-your-writes';

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
export type SignUpView = ItemView['mine'][number];
export type SignUpStatus = SignUpView['status'];
export type ProjectVisibility = ProjectView['project']['visibility'];
export type FieldDefinition = PresetList['columns'][number]['field'];
export type OverviewFilter = NonNullable<NonNullable<RequestOf<typeof listProjectsEndpoint>['query']>['filter']>;
export type ListInput = RequestOf<typeof editListEndpoint>['body'];
type ListChanges = RequestOf<typeof editListsEndpoint>['body']['changes'];

/** Every visibility a project can have, as the visibility change accepts them. */
export const PROJECT_VISIBILITIES = changeProjectVisibilityEndpoint.body.shape.visibility.options;
/** The visibilities a new project may start with (no password yet). */
export const CREATE_VISIBILITIES = createProjectEndpoint.body.shape.visibility.unwrap().options;
/** Who sees the names of a list's sign-ups. */
export const SHOW_NAMES = getProjectTreeEndpoint.response.shape.lists.element.shape.settings.shape.showNames.options;

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
      ...fromContract(listProjectsEndpoint, ({ teamId, filter, status }: { teamId: string; filter: OverviewFilter; status?: string }) => ({
        params: { teamId }, query: { filter, status },
      }), (answer) => answer.projects),
      providesTags: (_result, _error, { teamId }) => [projectsTag(teamId)],
    }),
    getProjectTree: build.query({
      ...fromContract(getProjectTreeEndpoint, ({ teamId, projectId }: ProjectRef) => ({ params: { teamId, projectId } })),
      providesTags: (_result, _error, { projectId }) => [projectTag(projectId)],
    }),
    createProject: build.mutation({
      ...fromContract(createProjectEndpoint, ({ teamId, body }: { teamId: string; body: RequestOf<typeof createProjectEndpoint>['body'] }) => ({ params: { teamId }, body })),
      invalidatesTags: (_result, _error, { teamId }) => [projectsTag(teamId)],
    }),
    editProject: build.mutation({
      ...fromContract(editProjectEndpoint, ({ teamId, projectId, body }: ProjectRef & { body: RequestOf<typeof editProjectEndpoint>['body'] }) => ({ params: { teamId, projectId }, body })),
      invalidatesTags: touched,
    }),
    changeVisibility: build.mutation({
      ...fromContract(changeProjectVisibilityEndpoint, ({ teamId, projectId, body }: ProjectRef & { body: RequestOf<typeof changeProjectVisibilityEndpoint>['body'] }) => ({ params: { teamId, projectId }, body })),
      invalidatesTags: touched,
    }),
    changeStatus: build.mutation({
      ...fromContract(changeProjectStatusEndpoint, ({ teamId, projectId, body }: ProjectRef & { body: RequestOf<typeof changeProjectStatusEndpoint>['body'] }) => ({ params: { teamId, projectId }, body })),
      invalidatesTags: touched,
    }),
    changeLock: build.mutation({
      ...fromContract(changeProjectLockEndpoint, ({ teamId, projectId, locked }: ProjectRef & { locked: boolean }) => ({ params: { teamId, projectId }, body: { locked } })),
      invalidatesTags: touched,
    }),
    purgeProject: build.mutation({
      ...fromContract(purgeProjectEndpoint, ({ teamId, projectId }: ProjectRef) => ({ params: { teamId, projectId } })),
      invalidatesTags: (_result, _error, { teamId }) => [projectsTag(teamId), presetsTag(teamId)],
    }),
    copyProject: build.mutation({
      ...fromContract(copyProjectEndpoint, ({ teamId, projectId, body }: ProjectRef & { body: RequestOf<typeof copyProjectEndpoint>['body'] }) => ({ params: { teamId, projectId }, body })),
      invalidatesTags: (_result, _error, { teamId }) => [projectsTag(teamId), presetsTag(teamId)],
    }),
    createFromPreset: build.mutation({
      ...fromContract(createProjectFromPresetEndpoint, ({ teamId, presetId, body }: { teamId: string; presetId: string; body: RequestOf<typeof createProjectFromPresetEndpoint>['body'] }) => ({
        params: { teamId, presetId }, body,
      })),
      invalidatesTags: (_result, _error, { teamId }) => [projectsTag(teamId)],
    }),
    listPresets: build.query({
      ...fromContract(listPresetsEndpoint, (teamId: string) => ({ params: { teamId } })),
      providesTags: (_result, _error, teamId) => [presetsTag(teamId)],
    }),
    savePresetColumn: build.mutation({
      ...fromContract(savePresetColumnEndpoint, ({ teamId, field }: { teamId: string; field: RequestOf<typeof savePresetColumnEndpoint>['body']['field'] }) => ({ params: { teamId }, body: { field } })),
      invalidatesTags: (_result, _error, { teamId }) => [presetsTag(teamId)],
    }),
    removePresetColumn: build.mutation({
      ...fromContract(removePresetColumnEndpoint, ({ teamId, columnId }: { teamId: string; columnId: string }) => ({ params: { teamId, columnId } })),
      invalidatesTags: (_result, _error, { teamId }) => [presetsTag(teamId)],
    }),

    // Phases
    addPhase: build.mutation({
      ...fromContract(addPhaseEndpoint, ({ teamId, projectId, body }: ProjectRef & { body: RequestOf<typeof addPhaseEndpoint>['body'] }) => ({ params: { teamId, projectId }, body })),
      invalidatesTags: touched,
    }),
    editPhase: build.mutation({
      ...fromContract(editPhaseEndpoint, ({ teamId, projectId, phaseId, body }: ProjectRef & { phaseId: string; body: RequestOf<typeof editPhaseEndpoint>['body'] }) => ({ params: { teamId, projectId, phaseId }, body })),
      invalidatesTags: touched,
    }),
    removePhase: build.mutation({
      ...fromContract(removePhaseEndpoint, ({ teamId, projectId, phaseId }: ProjectRef & { phaseId: string }) => ({ params: { teamId, projectId, phaseId } })),
      invalidatesTags: touched,
    }),
    copyPhase: build.mutation({
      ...fromContract(copyPhaseEndpoint, ({ teamId, projectId, phaseId, name }: ProjectRef & { phaseId: string; name?: string }) => ({ params: { teamId, projectId, phaseId }, body: name ? { name } : {} })),
      invalidatesTags: touched,
    }),
    sortPhases: build.mutation({
      ...fromContract(sortPhasesEndpoint, ({ teamId, projectId, folderId, order }: ProjectRef & { folderId: string | null; order: string[] }) => ({ params: { teamId, projectId }, body: { folderId, order } })),
      invalidatesTags: touched,
    }),

    // Lists
    addList: build.mutation({
      ...fromContract(addListEndpoint, ({ teamId, projectId, phaseId, body }: ProjectRef & { phaseId: string; body: RequestOf<typeof addListEndpoint>['body'] }) => ({ params: { teamId, projectId, phaseId }, body })),
      invalidatesTags: touched,
    }),
    editList: build.mutation({
      ...fromContract(editListEndpoint, ({ teamId, projectId, listId, body }: ProjectRef & { listId: string; body: ListInput }) => ({ params: { teamId, projectId, listId }, body })),
      invalidatesTags: touched,
    }),
    removeList: build.mutation({
      ...fromContract(removeListEndpoint, ({ teamId, projectId, listId }: ProjectRef & { listId: string }) => ({ params: { teamId, projectId, listId } })),
      invalidatesTags: touched,
    }),
    copyList: build.mutation({
      ...fromContract(copyListEndpoint, ({ teamId, projectId, listId, phaseId }: ProjectRef & { listId: string; phaseId?: string }) => ({ params: { teamId, projectId, listId }, body: phaseId ? { phaseId } : {} })),
      invalidatesTags: touched,
    }),
    moveList: build.mutation({
      ...fromContract(moveListEndpoint, ({ teamId, projectId, listId, phaseId }: ProjectRef & { listId: string; phaseId: string }) => ({ params: { teamId, projectId, listId }, body: { phaseId } })),
      invalidatesTags: touched,
    }),
    sortLists: build.mutation({
      ...fromContract(sortListsEndpoint, ({ teamId, projectId, phaseId, order }: ProjectRef & { phaseId: string; order: string[] }) => ({ params: { teamId, projectId, phaseId }, body: { order } })),
      invalidatesTags: touched,
    }),
    editLists: build.mutation({
      ...fromContract(editListsEndpoint, ({ teamId, projectId, listIds, changes }: ProjectRef & { listIds: string[]; changes: ListChanges }) => ({ params: { teamId, projectId }, body: { listIds, changes } })),
      invalidatesTags: touched,
    }),

    // Items
    addItem: build.mutation({
      ...fromContract(addItemEndpoint, ({ teamId, projectId, listId, body }: ProjectRef & { listId: string; body: RequestOf<typeof addItemEndpoint>['body'] }) => ({ params: { teamId, projectId, listId }, body })),
      invalidatesTags: touched,
    }),
    editItem: build.mutation({
      ...fromContract(editItemEndpoint, ({ teamId, projectId, listId, itemId, body }: ProjectRef & { listId: string; itemId: string; body: RequestOf<typeof editItemEndpoint>['body'] }) => ({
        params: { teamId, projectId, listId, itemId }, body,
      })),
      invalidatesTags: touched,
    }),
    removeItem: build.mutation({
      ...fromContract(removeItemEndpoint, ({ teamId, projectId, listId, itemId }: ProjectRef & { listId: string; itemId: string }) => ({ params: { teamId, projectId, listId, itemId } })),
      invalidatesTags: touched,
    }),
    copyItem: build.mutation({
      ...fromContract(copyItemEndpoint, ({ teamId, projectId, listId, itemId }: ProjectRef & { listId: string; itemId: string }) => ({ params: { teamId, projectId, listId, itemId }, body: {} })),
      invalidatesTags: touched,
    }),
    sortItems: build.mutation({
      ...fromContract(sortItemsEndpoint, ({ teamId, projectId, listId, order }: ProjectRef & { listId: string; order: string[] }) => ({ params: { teamId, projectId, listId }, body: { order } })),
      invalidatesTags: touched,
    }),

    // Sign-up administration (events/src/signups/signup.endpoints.ts): the editor's menus.
    confirmAttendance: build.mutation({
      ...fromContract(confirmAttendanceEndpoint, ({ teamId, projectId, listId, signupIds, attended }: ProjectRef & { listId: string; signupIds: string[]; attended: boolean }) => ({
        params: { teamId, projectId, listId }, body: { signupIds, attended },
      })),
      invalidatesTags: touched,
    }),
    clearItemSignUps: build.mutation({
      ...fromContract(clearItemSignUpsEndpoint, ({ teamId, projectId, listId, itemId }: ProjectRef & { listId: string; itemId: string }) => ({ params: { teamId, projectId, listId, itemId } })),
      invalidatesTags: touched,
    }),
    cleanList: build.mutation({
      ...fromContract(cleanListEndpoint, ({ teamId, projectId, listId }: ProjectRef & { listId: string }) => ({ params: { teamId, projectId, listId } })),
      invalidatesTags: touched,
    }),
    cleanProject: build.mutation({
      ...fromContract(cleanProjectEndpoint, ({ teamId, projectId }: ProjectRef) => ({ params: { teamId, projectId } })),
      invalidatesTags: touched,
    }),
    notifyList: build.mutation({
      ...fromContract(notifyListEndpoint, ({ teamId, projectId, listId, subject, text }: ProjectRef & { listId: string; subject: string; text: string }) => ({
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
  useConfirmAttendanceMutation, useClearItemSignUpsMutation, useCleanListMutation, useCleanProjectMutation, useNotifyListMutation,
} = projectsApi;

/** The url of the project export (a file on success, the JSON wrapper on errors). */
export function exportUrl(teamId: string, projectId: string, format: 'csv' | 'xlsx', part?: { phaseId?: string; listId?: string }): string {
  return withCheckpoint(urlOf(exportProjectEndpoint, { params: { teamId, projectId }, query: { format, phaseId: part?.phaseId, listId: part?.listId } }));
}
