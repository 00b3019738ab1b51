import type { FieldKind, ProjectStatus, VoteKind } from '@planwerk/events/constants';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { api } from '../../app/api';
import { noted, queryString, withCheckpoint } from '../../shared/read-your-writes';

// Projects, phases, lists, items and presets (events/src/projects/*.endpoints.ts, ADR 0006).

export const PROJECT_VISIBILITIES = ['public', 'login', 'verified', 'team', 'admins', 'owner', 'password'] as const;
export type ProjectVisibility = (typeof PROJECT_VISIBILITIES)[number];
export const CREATE_VISIBILITIES = ['public', 'login', 'verified', 'team', 'admins', 'owner'] as const;
export const SHOW_NAMES = ['all', 'team', 'admins'] as const;
export type ShowNames = (typeof SHOW_NAMES)[number];
export type AttendanceMode = 'automatic' | 'manual';
export type WindowState = 'before' | 'open' | 'closed' | 'ended';
export type SignUpStatus = 'placed' | 'waitlisted';
export type OverviewFilter = 'project' | 'form' | 'calendar';

export interface ProjectCounts {
  phases: number;
  lists: number;
  items: number;
  placed: number;
  waitlisted: number;
  signups: number;
  capacity: number;
  unlimitedItems: number;
}

export interface ProjectOverviewEntry {
  projectId: string;
  teamId: string;
  link: string;
  name: string;
  colour: number;
  status: ProjectStatus;
  previousStatus: ProjectStatus | null;
  locked: boolean;
  visibility: ProjectVisibility;
  startDate: string | null;
  shareHash: string;
  counts: ProjectCounts;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface FieldDefinition {
  kind: FieldKind;
  label: string;
  required: boolean;
  options?: string[];
  scale?: { min: number; max: number };
}

export interface ListField extends FieldDefinition {
  fieldId: string;
}

export interface ListWindow {
  opensAt: string | null;
  closesAt: string | null;
  endsAt: string | null;
}

export interface ListSettings {
  waitlist: boolean;
  maxPerPerson: number | null;
  allowAnonymous: boolean;
  showNames: ShowNames;
}

export interface ItemVote {
  kind: VoteKind;
  options?: string[];
}

export interface ItemTime {
  from: string;
  to: string;
}

export interface SignUpView {
  signupId: string;
  name: string | null;
  userId: string | null;
  values: Record<string, unknown> | null;
  vote: string | null;
  status: SignUpStatus;
  position: number | null;
  attended: boolean | null;
  mine: boolean;
  by?: 'self' | 'anonymous' | 'admin';
  at?: string;
}

export interface ItemView {
  itemId: string;
  name: string;
  description: string;
  capacity: number | null;
  vote: ItemVote | null;
  date: string | null;
  time: ItemTime | null;
  placed: number;
  waitlisted: number;
  free: number | null;
  signups: SignUpView[] | null;
  mine: SignUpView[];
}

export interface ListView {
  listId: string;
  phaseId: string;
  type: 1 | 2;
  name: string;
  description: string;
  window: ListWindow;
  windowState: WindowState;
  attendance: AttendanceMode;
  fields: ListField[];
  settings: ListSettings;
  namesVisible: boolean;
  items: ItemView[];
}

export interface PhaseView {
  phaseId: string;
  name: string;
  description: string;
  folderId: string | null;
}

export interface ProjectView {
  project: {
    projectId: string;
    teamId: string;
    link: string;
    name: string;
    colour: number;
    status: ProjectStatus;
    locked: boolean;
    visibility: ProjectVisibility;
    startDate: string | null;
    description: string;
    comments: boolean;
  };
  viewer: { admin: boolean; member: boolean };
  phases: PhaseView[];
  lists: ListView[];
  version: number;
}

export interface ProjectTree extends ProjectView {
  management: {
    previousStatus: ProjectStatus | null;
    shareHash: string;
    hasPassword: boolean;
    hideArchived: boolean;
    createdBy: string;
    createdAt: string;
    copiedFrom: { projectId: string; kind: 'copy' | 'preset' } | null;
  };
}

export interface PresetList {
  presets: ProjectOverviewEntry[];
  columns: { columnId: string; field: FieldDefinition; savedAt: string }[];
}

export interface ProjectSettingsInput {
  hideArchived?: boolean;
  comments?: boolean;
  description?: string;
}

export interface CreateProjectInput {
  link: string;
  name: string;
  colour: number;
  visibility: (typeof CREATE_VISIBILITIES)[number];
  startDate: string | null;
  settings?: ProjectSettingsInput;
}

export interface ListInput {
  name?: string;
  type?: 1 | 2;
  description?: string;
  window?: ListWindow;
  attendance?: AttendanceMode;
  fields?: (FieldDefinition & { fieldId?: string })[];
  settings?: Partial<ListSettings>;
}

export interface ItemInput {
  name?: string;
  description?: string;
  capacity?: number | null;
  vote?: ItemVote | null;
  date?: string | null;
  time?: ItemTime | null;
}

interface Answer {
  checkpoint: string;
}

const enc = encodeURIComponent;
const team = (teamId: string) => `team/${enc(teamId)}`;
const prj = (teamId: string, projectId: string) => `${team(teamId)}/project/${enc(projectId)}`;

interface ProjectRef {
  teamId: string;
  projectId: string;
}

type Tag = { type: 'Projects'; id: string } | { type: 'Project'; id: string } | { type: 'Presets'; id: string };
const projectsTag = (teamId: string): Tag => ({ type: 'Projects', id: teamId });
const projectTag = (projectId: string): Tag => ({ type: 'Project', id: projectId });
// Every structure change shows in the tree, the team's overview (counts) and the public view.
const touched = (_result: unknown, _error: unknown, { teamId, projectId }: ProjectRef): Tag[] => [projectTag(projectId), projectsTag(teamId)];

export const projectsApi = api.enhanceEndpoints({ addTagTypes: ['Projects', 'Project', 'Presets'] }).injectEndpoints({
  endpoints: (build) => {
    // A change of the project's structure: its answer's checkpoint is noted (read-your-writes)
    // and the tree, the overview and the public view refetch.
    const structureChange = <Result, Arg extends ProjectRef>(query: (arg: Arg) => FetchArgs) =>
      build.mutation<Result, Arg>({ query, transformResponse: noted<Result>, invalidatesTags: touched });
    return {
    listProjects: build.query<ProjectOverviewEntry[], { teamId: string; filter: OverviewFilter; status?: string }>({
      query: ({ teamId, filter, status }) => withCheckpoint(`${team(teamId)}/project${queryString({ filter, status })}`),
      transformResponse: (body: { projects: ProjectOverviewEntry[] }) => body.projects,
      providesTags: (_result, _error, { teamId }) => [projectsTag(teamId)],
    }),
    getProjectTree: build.query<ProjectTree, ProjectRef>({
      query: ({ teamId, projectId }) => withCheckpoint(prj(teamId, projectId)),
      providesTags: (_result, _error, { projectId }) => [projectTag(projectId)],
    }),
    createProject: build.mutation<{ projectId: string; link: string; shareHash: string } & Answer, { teamId: string; body: CreateProjectInput }>({
      query: ({ teamId, body }) => ({ url: `${team(teamId)}/project`, method: 'POST', body }),
      transformResponse: noted,
      invalidatesTags: (_result, _error, { teamId }) => [projectsTag(teamId)],
    }),
    editProject: structureChange<Answer, ProjectRef & { body: { name?: string; colour?: number; startDate?: string | null; settings?: ProjectSettingsInput } }>(({ teamId, projectId, body }) => ({ url: prj(teamId, projectId), method: 'PUT', body })),
    changeVisibility: structureChange<Answer, ProjectRef & { body: { visibility: ProjectVisibility; password?: string } }>(({ teamId, projectId, body }) => ({ url: `${prj(teamId, projectId)}/visibility`, method: 'PUT', body })),
    changeStatus: structureChange<{ status: ProjectStatus } & Answer, ProjectRef & { body: { status: 0 | 1 | 3 | 4 | 5 | 10 } | { restore: true } }>(({ teamId, projectId, body }) => ({ url: `${prj(teamId, projectId)}/status`, method: 'PUT', body })),
    changeLock: structureChange<Answer, ProjectRef & { locked: boolean }>(({ teamId, projectId, locked }) => ({ url: `${prj(teamId, projectId)}/lock`, method: 'PUT', body: { locked } })),
    purgeProject: build.mutation<Answer, ProjectRef>({
      query: ({ teamId, projectId }) => ({ url: prj(teamId, projectId), method: 'DELETE' }),
      transformResponse: noted,
      invalidatesTags: (_result, _error, { teamId }) => [projectsTag(teamId), { type: 'Presets', id: teamId }],
    }),
    copyProject: build.mutation<{ projectId: string; link: string; status: ProjectStatus } & Answer, ProjectRef & { body: { link: string; name: string; asPreset: boolean; startDate?: string | null } }>({
      query: ({ teamId, projectId, body }) => ({ url: `${prj(teamId, projectId)}/copy`, method: 'POST', body }),
      transformResponse: noted,
      invalidatesTags: (_result, _error, { teamId }) => [projectsTag(teamId), { type: 'Presets', id: teamId }],
    }),
    createFromPreset: build.mutation<{ projectId: string; link: string } & Answer, { teamId: string; presetId: string; body: { link: string; name: string; startDate: string } }>({
      query: ({ teamId, presetId, body }) => ({ url: `${team(teamId)}/preset/${enc(presetId)}/project`, method: 'POST', body }),
      transformResponse: noted,
      invalidatesTags: (_result, _error, { teamId }) => [projectsTag(teamId)],
    }),
    listPresets: build.query<PresetList, string>({
      query: (teamId) => withCheckpoint(`${team(teamId)}/preset`),
      providesTags: (_result, _error, teamId) => [{ type: 'Presets', id: teamId }],
    }),
    savePresetColumn: build.mutation<Answer, { teamId: string; field: FieldDefinition }>({
      query: ({ teamId, field }) => ({ url: `${team(teamId)}/preset-column`, method: 'POST', body: { field } }),
      transformResponse: noted,
      invalidatesTags: (_result, _error, { teamId }) => [{ type: 'Presets', id: teamId }],
    }),
    removePresetColumn: build.mutation<Answer, { teamId: string; columnId: string }>({
      query: ({ teamId, columnId }) => ({ url: `${team(teamId)}/preset-column/${enc(columnId)}`, method: 'DELETE' }),
      transformResponse: noted,
      invalidatesTags: (_result, _error, { teamId }) => [{ type: 'Presets', id: teamId }],
    }),

    // Phases
    addPhase: structureChange<{ phaseId: string } & Answer, ProjectRef & { body: { name: string; description?: string; folderId?: string | null } }>(({ teamId, projectId, body }) => ({ url: `${prj(teamId, projectId)}/phase`, method: 'POST', body })),
    editPhase: structureChange<Answer, ProjectRef & { phaseId: string; body: { name?: string; description?: string } }>(({ teamId, projectId, phaseId, body }) => ({ url: `${prj(teamId, projectId)}/phase/${enc(phaseId)}`, method: 'PUT', body })),
    removePhase: structureChange<Answer, ProjectRef & { phaseId: string }>(({ teamId, projectId, phaseId }) => ({ url: `${prj(teamId, projectId)}/phase/${enc(phaseId)}`, method: 'DELETE' })),
    copyPhase: structureChange<{ phaseId: string } & Answer, ProjectRef & { phaseId: string; name?: string }>(({ teamId, projectId, phaseId, name }) => ({ url: `${prj(teamId, projectId)}/phase/${enc(phaseId)}/copy`, method: 'POST', body: name ? { name } : {} })),
    sortPhases: structureChange<Answer, ProjectRef & { folderId: string | null; order: string[] }>(({ teamId, projectId, folderId, order }) => ({ url: `${prj(teamId, projectId)}/phase-order`, method: 'PUT', body: { folderId, order } })),

    // Lists
    addList: structureChange<{ listId: string } & Answer, ProjectRef & { phaseId: string; body: ListInput & { name: string } }>(({ teamId, projectId, phaseId, body }) => ({ url: `${prj(teamId, projectId)}/phase/${enc(phaseId)}/list`, method: 'POST', body })),
    editList: structureChange<Answer, ProjectRef & { listId: string; body: ListInput }>(({ teamId, projectId, listId, body }) => ({ url: `${prj(teamId, projectId)}/list/${enc(listId)}`, method: 'PUT', body })),
    removeList: structureChange<Answer, ProjectRef & { listId: string }>(({ teamId, projectId, listId }) => ({ url: `${prj(teamId, projectId)}/list/${enc(listId)}`, method: 'DELETE' })),
    copyList: structureChange<{ listId: string } & Answer, ProjectRef & { listId: string; phaseId?: string }>(({ teamId, projectId, listId, phaseId }) => ({ url: `${prj(teamId, projectId)}/list/${enc(listId)}/copy`, method: 'POST', body: phaseId ? { phaseId } : {} })),
    moveList: structureChange<Answer, ProjectRef & { listId: string; phaseId: string }>(({ teamId, projectId, listId, phaseId }) => ({ url: `${prj(teamId, projectId)}/list/${enc(listId)}/move`, method: 'PUT', body: { phaseId } })),
    sortLists: structureChange<Answer, ProjectRef & { phaseId: string; order: string[] }>(({ teamId, projectId, phaseId, order }) => ({ url: `${prj(teamId, projectId)}/phase/${enc(phaseId)}/list-order`, method: 'PUT', body: { order } })),
    editLists: structureChange<{ changedLists: string[] } & Answer, ProjectRef & { listIds: string[]; changes: Pick<ListInput, 'type' | 'window' | 'attendance' | 'settings'> }>(({ teamId, projectId, listIds, changes }) => ({ url: `${prj(teamId, projectId)}/lists`, method: 'PUT', body: { listIds, changes } })),

    // Items
    addItem: structureChange<{ itemId: string } & Answer, ProjectRef & { listId: string; body: ItemInput & { name: string } }>(({ teamId, projectId, listId, body }) => ({ url: `${prj(teamId, projectId)}/list/${enc(listId)}/item`, method: 'POST', body })),
    editItem: structureChange<Answer, ProjectRef & { listId: string; itemId: string; body: ItemInput }>(({ teamId, projectId, listId, itemId, body }) => ({ url: `${prj(teamId, projectId)}/list/${enc(listId)}/item/${enc(itemId)}`, method: 'PUT', body })),
    removeItem: structureChange<Answer, ProjectRef & { listId: string; itemId: string }>(({ teamId, projectId, listId, itemId }) => ({ url: `${prj(teamId, projectId)}/list/${enc(listId)}/item/${enc(itemId)}`, method: 'DELETE' })),
    copyItem: structureChange<{ itemId: string } & Answer, ProjectRef & { listId: string; itemId: string }>(({ teamId, projectId, listId, itemId }) => ({ url: `${prj(teamId, projectId)}/list/${enc(listId)}/item/${enc(itemId)}/copy`, method: 'POST', body: {} })),
    sortItems: structureChange<Answer, ProjectRef & { listId: string; order: string[] }>(({ teamId, projectId, listId, order }) => ({ url: `${prj(teamId, projectId)}/list/${enc(listId)}/item-order`, method: 'PUT', body: { order } })),

    // Sign-up administration (events/src/signups/signup.endpoints.ts): the editor's menus.
    confirmAttendance: structureChange<Answer, ProjectRef & { listId: string; signupIds: string[]; attended: boolean }>(({ teamId, projectId, listId, signupIds, attended }) => ({ url: `${prj(teamId, projectId)}/list/${enc(listId)}/attendance`, method: 'PUT', body: { signupIds, attended } })),
    clearItemSignUps: structureChange<{ cleared: number } & Answer, ProjectRef & { listId: string; itemId: string }>(({ teamId, projectId, listId, itemId }) => ({ url: `${prj(teamId, projectId)}/list/${enc(listId)}/item/${enc(itemId)}/signups`, method: 'DELETE' })),
    cleanList: structureChange<{ cleared: number } & Answer, ProjectRef & { listId: string }>(({ teamId, projectId, listId }) => ({ url: `${prj(teamId, projectId)}/list/${enc(listId)}/clean`, method: 'POST' })),
    cleanProject: structureChange<{ cleared: number } & Answer, ProjectRef>(({ teamId, projectId }) => ({ url: `${prj(teamId, projectId)}/clean`, method: 'POST' })),
    notifyList: build.mutation<{ recipients: number } & Answer, ProjectRef & { listId: string; subject: string; text: string }>({
      query: ({ teamId, projectId, listId, subject, text }) => ({ url: `${prj(teamId, projectId)}/list/${enc(listId)}/notify`, method: 'POST', body: { subject, text } }),
      transformResponse: noted,
    }),
    };
  },
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
  return withCheckpoint(`${prj(teamId, projectId)}/export${queryString({ format, phaseId: part?.phaseId, listId: part?.listId })}`);
}
