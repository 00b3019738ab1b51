import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import {
  addItemBody,
  addListBody,
  addPhaseBody,
  changeProjectLockBody,
  changeProjectStatusBody,
  changeProjectVisibilityBody,
  copyItemBody,
  copyListBody,
  copyPhaseBody,
  copyProjectBody,
  createFromPresetBody,
  createProjectBody,
  editItemBody,
  editListBody,
  editListsBody,
  editPhaseBody,
  editProjectBody,
  moveListBody,
  savePresetColumnBody,
  sortItemsBody,
  sortListsBody,
  sortPhasesBody,
} from './project.commands';
import { projectStatusSchema } from './project.events';

// The command routes of the projects feature (ADR 0006). Management routes live under
// /v5/team/{teamId}/project… and need access area manage_prj; the project must belong to the team.

const checkpoint = z.string();
const tag = 'projects';
const base = '/v5/team/{teamId}/project/{projectId}';
const projectAnswer = z.object({ projectId: z.uuid(), checkpoint });
const changed = z.object({ projectId: z.uuid(), changed: z.boolean(), checkpoint });

export const createProjectEndpoint = defineEndpoint({
  operationId: 'createProject', method: 'POST', path: '/v5/team/{teamId}/project', service: 'command', tag,
  summary: 'Create a project (status 3 planning) with a global link; manage_prj',
  body: createProjectBody,
  successStatus: 201,
  response: z.object({ projectId: z.uuid(), link: z.string(), shareHash: z.string(), checkpoint }),
});

export const editProjectEndpoint = defineEndpoint({
  operationId: 'editProject', method: 'PUT', path: base, service: 'command', tag,
  summary: 'Edit name, colour, start date and settings of a project; manage_prj',
  body: editProjectBody,
  response: changed,
});

export const changeProjectVisibilityEndpoint = defineEndpoint({
  operationId: 'changeProjectVisibility', method: 'PUT', path: `${base}/visibility`, service: 'command', tag,
  summary: 'Change who sees the project (public, login, verified, team, admins, owner, password); manage_prj',
  body: changeProjectVisibilityBody,
  response: changed,
});

export const changeProjectStatusEndpoint = defineEndpoint({
  operationId: 'changeProjectStatus', method: 'PUT', path: `${base}/status`, service: 'command', tag,
  summary: 'Change the status (release 3→1 by the owner; 6201 when the free plan has an active project) or restore from the trash',
  body: changeProjectStatusBody,
  response: z.object({ projectId: z.uuid(), status: projectStatusSchema, changed: z.boolean(), checkpoint }),
});

export const changeProjectLockEndpoint = defineEndpoint({
  operationId: 'changeProjectLock', method: 'PUT', path: `${base}/lock`, service: 'command', tag,
  summary: 'Lock or unlock a project (owner or admin)',
  body: changeProjectLockBody,
  response: z.object({ projectId: z.uuid(), locked: z.boolean(), checkpoint }),
});

export const purgeProjectEndpoint = defineEndpoint({
  operationId: 'purgeProject', method: 'DELETE', path: base, service: 'command', tag,
  summary: 'Delete a project permanently (only from the trash, status 0, or in development mode; owner or admin)',
  response: projectAnswer,
});

export const copyProjectEndpoint = defineEndpoint({
  operationId: 'copyProject', method: 'POST', path: `${base}/copy`, service: 'command', tag,
  summary: 'Copy a project (planning) or save it as a preset (template, status 2); manage_prj',
  body: copyProjectBody,
  successStatus: 201,
  response: z.object({ projectId: z.uuid(), link: z.string(), status: projectStatusSchema, checkpoint }),
});

export const createProjectFromPresetEndpoint = defineEndpoint({
  operationId: 'createProjectFromPreset', method: 'POST', path: '/v5/team/{teamId}/preset/{presetId}/project', service: 'command', tag,
  summary: 'Create a planning project from a preset; every date shifts by the new start date; manage_prj',
  body: createFromPresetBody,
  successStatus: 201,
  response: z.object({ projectId: z.uuid(), link: z.string(), status: projectStatusSchema, checkpoint }),
});

export const addPhaseEndpoint = defineEndpoint({
  operationId: 'addPhase', method: 'POST', path: `${base}/phase`, service: 'command', tag,
  summary: 'Add a phase or a sub-group of a top-level phase (one level only); manage_prj',
  body: addPhaseBody,
  successStatus: 201,
  response: z.object({ projectId: z.uuid(), phaseId: z.uuid(), checkpoint }),
});

export const editPhaseEndpoint = defineEndpoint({
  operationId: 'editPhase', method: 'PUT', path: `${base}/phase/{phaseId}`, service: 'command', tag,
  summary: 'Edit a phase; manage_prj',
  body: editPhaseBody,
  response: changed,
});

export const removePhaseEndpoint = defineEndpoint({
  operationId: 'removePhase', method: 'DELETE', path: `${base}/phase/{phaseId}`, service: 'command', tag,
  summary: 'Remove a phase with its sub-groups, lists and items; manage_prj',
  response: projectAnswer,
});

export const copyPhaseEndpoint = defineEndpoint({
  operationId: 'copyPhase', method: 'POST', path: `${base}/phase/{phaseId}/copy`, service: 'command', tag,
  summary: 'Copy a phase with its sub-groups, lists and items; manage_prj',
  body: copyPhaseBody,
  successStatus: 201,
  response: z.object({ projectId: z.uuid(), phaseId: z.uuid(), checkpoint }),
});

export const sortPhasesEndpoint = defineEndpoint({
  operationId: 'sortPhases', method: 'PUT', path: `${base}/phase-order`, service: 'command', tag,
  summary: 'Sort the top-level phases or the sub-groups of one phase; manage_prj',
  body: sortPhasesBody,
  response: changed,
});

export const addListEndpoint = defineEndpoint({
  operationId: 'addList', method: 'POST', path: `${base}/phase/{phaseId}/list`, service: 'command', tag,
  summary: 'Add a list to a phase (6205/6206 above the plan\u2019s column limit); manage_prj',
  body: addListBody,
  successStatus: 201,
  response: z.object({ projectId: z.uuid(), listId: z.uuid(), checkpoint }),
});

export const editListEndpoint = defineEndpoint({
  operationId: 'editList', method: 'PUT', path: `${base}/list/{listId}`, service: 'command', tag,
  summary: 'Edit a list: window, attendance, fields and settings; manage_prj',
  body: editListBody,
  response: changed,
});

export const removeListEndpoint = defineEndpoint({
  operationId: 'removeList', method: 'DELETE', path: `${base}/list/{listId}`, service: 'command', tag,
  summary: 'Remove a list with its items; manage_prj',
  response: projectAnswer,
});

export const copyListEndpoint = defineEndpoint({
  operationId: 'copyList', method: 'POST', path: `${base}/list/{listId}/copy`, service: 'command', tag,
  summary: 'Copy a list with its items (into the same or another phase); manage_prj',
  body: copyListBody,
  successStatus: 201,
  response: z.object({ projectId: z.uuid(), listId: z.uuid(), checkpoint }),
});

export const moveListEndpoint = defineEndpoint({
  operationId: 'moveList', method: 'PUT', path: `${base}/list/{listId}/move`, service: 'command', tag,
  summary: 'Move a list to another phase; manage_prj',
  body: moveListBody,
  response: changed,
});

export const sortListsEndpoint = defineEndpoint({
  operationId: 'sortLists', method: 'PUT', path: `${base}/phase/{phaseId}/list-order`, service: 'command', tag,
  summary: 'Sort the lists of a phase; manage_prj',
  body: sortListsBody,
  response: changed,
});

export const editListsEndpoint = defineEndpoint({
  operationId: 'editLists', method: 'PUT', path: `${base}/lists`, service: 'command', tag,
  summary: 'Apply one change to several lists (multi-edit); manage_prj',
  body: editListsBody,
  response: z.object({ projectId: z.uuid(), changedLists: z.array(z.uuid()), checkpoint }),
});

export const addItemEndpoint = defineEndpoint({
  operationId: 'addItem', method: 'POST', path: `${base}/list/{listId}/item`, service: 'command', tag,
  summary: 'Add an item to a list (6205/6206 above the plan\u2019s item limit); manage_prj',
  body: addItemBody,
  successStatus: 201,
  response: z.object({ projectId: z.uuid(), listId: z.uuid(), itemId: z.uuid(), checkpoint }),
});

export const editItemEndpoint = defineEndpoint({
  operationId: 'editItem', method: 'PUT', path: `${base}/list/{listId}/item/{itemId}`, service: 'command', tag,
  summary: 'Edit an item: capacity, vote, date and time; manage_prj',
  body: editItemBody,
  response: changed,
});

export const removeItemEndpoint = defineEndpoint({
  operationId: 'removeItem', method: 'DELETE', path: `${base}/list/{listId}/item/{itemId}`, service: 'command', tag,
  summary: 'Remove an item; manage_prj',
  response: projectAnswer,
});

export const copyItemEndpoint = defineEndpoint({
  operationId: 'copyItem', method: 'POST', path: `${base}/list/{listId}/item/{itemId}/copy`, service: 'command', tag,
  summary: 'Copy an item (into the same or another list); manage_prj',
  body: copyItemBody,
  successStatus: 201,
  response: z.object({ projectId: z.uuid(), listId: z.uuid(), itemId: z.uuid(), checkpoint }),
});

export const sortItemsEndpoint = defineEndpoint({
  operationId: 'sortItems', method: 'PUT', path: `${base}/list/{listId}/item-order`, service: 'command', tag,
  summary: 'Sort the items of a list; manage_prj',
  body: sortItemsBody,
  response: changed,
});

export const savePresetColumnEndpoint = defineEndpoint({
  operationId: 'savePresetColumn', method: 'POST', path: '/v5/team/{teamId}/preset-column', service: 'command', tag,
  summary: 'Save a field as a preset column of the team; manage_preset',
  body: savePresetColumnBody,
  successStatus: 201,
  response: z.object({ teamId: z.uuid(), columnId: z.uuid(), checkpoint }),
});

export const removePresetColumnEndpoint = defineEndpoint({
  operationId: 'removePresetColumn', method: 'DELETE', path: '/v5/team/{teamId}/preset-column/{columnId}', service: 'command', tag,
  summary: 'Remove a preset column of the team; manage_preset',
  response: z.object({ teamId: z.uuid(), columnId: z.uuid(), checkpoint }),
});

export const projectCommandEndpoints = [
  createProjectEndpoint, editProjectEndpoint, changeProjectVisibilityEndpoint, changeProjectStatusEndpoint,
  changeProjectLockEndpoint, purgeProjectEndpoint, copyProjectEndpoint, createProjectFromPresetEndpoint,
  addPhaseEndpoint, editPhaseEndpoint, removePhaseEndpoint, copyPhaseEndpoint, sortPhasesEndpoint,
  addListEndpoint, editListEndpoint, removeListEndpoint, copyListEndpoint, moveListEndpoint, sortListsEndpoint, editListsEndpoint,
  addItemEndpoint, editItemEndpoint, removeItemEndpoint, copyItemEndpoint, sortItemsEndpoint,
  savePresetColumnEndpoint, removePresetColumnEndpoint,
] as const;
