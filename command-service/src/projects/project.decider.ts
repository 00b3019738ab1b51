import {
  checkSoloLimits,
  DEFAULT_LIST_SETTINGS,
  DEFAULT_PROJECT_SETTINGS,
  DomainError,
  evolveProject,
  findItem,
  findList,
  findPhase,
  initialProjectState,
  itemsOf,
  listsOf,
  phasesIn,
  type AttendanceMode,
  type ExistingProject,
  type ItemTime,
  type ItemVote,
  type ListField,
  type ListSettings,
  type ListState,
  type ListType,
  type ListWindow,
  type MemberLevel,
  type ProjectEvent,
  type ProjectSettings,
  type ProjectState,
  type ProjectStatus,
  type ProjectVisibility,
  type TeamPlanState,
} from '@planwerk/events';
import { copyItemEvent, copyListEvents, copyPhaseEvents, copyTreeEvents, daysBetween, type IdMap } from './project-copy.decider';

// The project aggregate of stream `project-<projectId>` (ADR 0006): the project with its
// phases, lists and items. Pure: ids, time, the caller's level, the team's plan and the
// development flag come in on the commands; the fold is the shared `evolveProject`.

export interface ProjectActor {
  userId: string;
  level: MemberLevel;
}

interface Base {
  projectId: string;
  actor: ProjectActor;
}

export interface NewProjectData {
  projectId: string;
  teamId: string;
  link: string;
  name: string;
  shareHash: string;
  createdBy: string;
  createdAt: string;
}

export type ListContent = {
  type: ListType;
  name: string;
  description: string;
  window: ListWindow;
  attendance: AttendanceMode;
  fields: ListField[];
  settings: Partial<ListSettings>;
};

export type ItemContent = {
  name: string;
  description: string;
  capacity: number | null;
  vote: ItemVote | null;
  date: string | null;
  time: ItemTime | null;
};

export type StatusTarget = 0 | 1 | 3 | 4 | 5 | 10 | 'restore';

export type ProjectCommand =
  | (Base & NewProjectData & {
      type: 'CreateProject'; colour: number; visibility: ProjectVisibility; settings: Partial<ProjectSettings>; startDate: string | null;
    })
  | (Base & { type: 'EditProject'; name?: string; colour?: number; startDate?: string | null; settings?: Partial<ProjectSettings> })
  /** passwordHash: a new hash, or undefined to keep the project's current one. */
  | (Base & { type: 'ChangeVisibility'; visibility: ProjectVisibility; passwordHash?: string })
  | (Base & { type: 'ChangeStatus'; to: StatusTarget })
  | (Base & { type: 'ChangeLock'; locked: boolean })
  | (Base & { type: 'PurgeProject'; devMode: boolean })
  | (Base & { type: 'AddPhase'; phaseId: string; name: string; description: string; folderId: string | null })
  | (Base & { type: 'EditPhase'; phaseId: string; name?: string; description?: string })
  | (Base & { type: 'RemovePhase'; phaseId: string })
  | (Base & { type: 'CopyPhase'; phaseId: string; name?: string; ids: IdMap })
  | (Base & { type: 'SortPhases'; folderId: string | null; order: string[] })
  | (Base & { type: 'AddList'; phaseId: string; listId: string; content: ListContent; plan: TeamPlanState })
  | (Base & { type: 'EditList'; listId: string; changes: Partial<ListContent>; plan: TeamPlanState })
  | (Base & { type: 'EditLists'; listIds: string[]; changes: Partial<Pick<ListContent, 'type' | 'window' | 'attendance' | 'settings'>> })
  | (Base & { type: 'RemoveList'; listId: string })
  | (Base & { type: 'CopyList'; listId: string; toPhaseId?: string; name?: string; ids: IdMap; plan: TeamPlanState })
  | (Base & { type: 'MoveList'; listId: string; toPhaseId: string })
  | (Base & { type: 'SortLists'; phaseId: string; order: string[] })
  | (Base & { type: 'AddItem'; listId: string; itemId: string; content: ItemContent; plan: TeamPlanState })
  | (Base & { type: 'EditItem'; listId: string; itemId: string; changes: Partial<ItemContent> })
  | (Base & { type: 'RemoveItem'; listId: string; itemId: string })
  | (Base & { type: 'CopyItem'; listId: string; itemId: string; toListId?: string; name?: string; newItemId: string; plan: TeamPlanState })
  | (Base & { type: 'SortItems'; listId: string; order: string[] });

/** A copy of a whole project into a new stream (copy, save as preset, project from preset). */
export interface CopyProjectCommand {
  type: 'CopyProject';
  source: ExistingProject;
  target: NewProjectData & { startDate: string | null };
  /** copy → planning (3), preset → template (2), fromPreset → planning from a template. */
  mode: 'copy' | 'preset' | 'fromPreset';
  ids: IdMap;
  actor: ProjectActor;
  plan: TeamPlanState;
}

export const initialState = initialProjectState;
export const evolve = evolveProject;

export function isAdmin(actor: ProjectActor): boolean {
  return actor.level === 'owner' || actor.level === 'admin';
}

export function decideProject(command: ProjectCommand, state: ProjectState): ProjectEvent[] {
  if (command.type === 'CreateProject') return decideCreate(command, state);
  if (!state.exists) throw new DomainError('not_found', { details: { projectId: command.projectId } });
  switch (command.type) {
    case 'ChangeStatus':
      return decideStatus(command, state);
    case 'ChangeLock':
      return decideLock(command, state);
    case 'PurgeProject':
      return decidePurge(command, state);
    default:
      break;
  }
  // Everything else edits the project: not in the trash, and not while locked (admins may).
  if (state.status === 0) throw new DomainError('project_in_trash', { details: { projectId: state.projectId } });
  if (state.locked && !isAdmin(command.actor)) throw new DomainError('project_locked', { details: { projectId: state.projectId } });
  switch (command.type) {
    case 'EditProject':
      return decideEdit(command, state);
    case 'ChangeVisibility':
      return decideVisibility(command, state);
    case 'AddPhase':
      return decideAddPhase(command, state);
    case 'EditPhase': {
      const phase = requirePhase(state, command.phaseId);
      const changes = {
        ...(command.name !== undefined && command.name !== phase.name ? { name: command.name } : {}),
        ...(command.description !== undefined && command.description !== phase.description ? { description: command.description } : {}),
      };
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'PhaseEdited', data: { projectId: state.projectId, phaseId: phase.phaseId, ...changes } }];
    }
    case 'RemovePhase':
      return removePhaseEvents(state, requirePhase(state, command.phaseId).phaseId);
    case 'CopyPhase': {
      const phase = requirePhase(state, command.phaseId);
      return unusedIds(state, copyPhaseEvents(state, phase, phase.folderId, {
        projectId: state.projectId, sourceProjectId: state.projectId, ids: command.ids, shiftDays: 0,
      }, command.name));
    }
    case 'SortPhases': {
      if (command.folderId !== null) requireTopLevel(state, command.folderId, 'folderId');
      const group = phasesIn(state, command.folderId).map((p) => p.phaseId);
      return sortEvents(group, command.order, () => ({ type: 'PhasesSorted', data: { projectId: state.projectId, folderId: command.folderId, order: command.order } }));
    }
    case 'AddList':
      return decideAddList(command, state);
    case 'EditList':
      return listEditEvents(state, requireList(state, command.listId), command.changes, command.plan);
    case 'EditLists':
      return decideEditLists(command, state);
    case 'RemoveList':
      return [{ type: 'ListRemoved', data: { projectId: state.projectId, listId: requireList(state, command.listId).listId } }];
    case 'CopyList': {
      const list = requireList(state, command.listId);
      const phaseId = command.toPhaseId === undefined ? list.phaseId : requirePhase(state, command.toPhaseId, 'phaseId').phaseId;
      checkSoloLimits(command.plan, { items: itemsOf(state, list.listId).length, columns: list.fields.length });
      return unusedIds(state, copyListEvents(state, list, phaseId, { projectId: state.projectId, sourceProjectId: state.projectId, ids: command.ids, shiftDays: 0 }, command.name));
    }
    case 'MoveList': {
      const list = requireList(state, command.listId);
      const target = requirePhase(state, command.toPhaseId, 'phaseId');
      if (target.phaseId === list.phaseId) return [];
      return [{ type: 'ListMoved', data: { projectId: state.projectId, listId: list.listId, fromPhaseId: list.phaseId, toPhaseId: target.phaseId } }];
    }
    case 'SortLists': {
      const phase = requirePhase(state, command.phaseId);
      const group = listsOf(state, phase.phaseId).map((l) => l.listId);
      return sortEvents(group, command.order, () => ({ type: 'ListsSorted', data: { projectId: state.projectId, phaseId: phase.phaseId, order: command.order } }));
    }
    case 'AddItem': {
      const list = requireList(state, command.listId);
      if (findItem(state, command.itemId) !== undefined) throw new DomainError('conflict', { details: { itemId: command.itemId } });
      checkSoloLimits(command.plan, { items: itemsOf(state, list.listId).length + 1, columns: 0 });
      return [{ type: 'ItemAdded', data: { projectId: state.projectId, listId: list.listId, itemId: command.itemId, ...command.content, copiedFrom: null } }];
    }
    case 'EditItem':
      return decideEditItem(command, state);
    case 'RemoveItem': {
      const item = requireItem(state, command.listId, command.itemId);
      return [{ type: 'ItemRemoved', data: { projectId: state.projectId, listId: item.listId, itemId: item.itemId } }];
    }
    case 'CopyItem': {
      const item = requireItem(state, command.listId, command.itemId);
      const listId = command.toListId === undefined ? item.listId : requireList(state, command.toListId, 'listId').listId;
      checkSoloLimits(command.plan, { items: itemsOf(state, listId).length + 1, columns: 0 });
      return unusedIds(state, [copyItemEvent(item, listId, command.newItemId, { projectId: state.projectId, sourceProjectId: state.projectId, ids: (old) => old, shiftDays: 0 }, command.name)]);
    }
    case 'SortItems': {
      const list = requireList(state, command.listId);
      const group = itemsOf(state, list.listId).map((i) => i.itemId);
      return sortEvents(group, command.order, () => ({ type: 'ItemsSorted', data: { projectId: state.projectId, listId: list.listId, order: command.order } }));
    }
    default:
      return assertNever(command);
  }
}

/** Events of a new project stream that copies `source` (ProjectCreated, then its tree). */
export function decideCopyProject(command: CopyProjectCommand): ProjectEvent[] {
  const { source, target, mode } = command;
  if (mode === 'fromPreset' && source.status !== 2) throw new DomainError('not_found', { details: { presetId: source.projectId } });
  if (mode !== 'fromPreset' && source.status === 0) throw new DomainError('project_in_trash', { details: { projectId: source.projectId } });
  if (source.locked && !isAdmin(command.actor)) throw new DomainError('project_locked', { details: { projectId: source.projectId } });
  for (const list of source.lists) {
    checkSoloLimits(command.plan, { items: itemsOf(source, list.listId).length, columns: list.fields.length });
  }
  const startDate = target.startDate === null ? source.startDate : target.startDate;
  // A template copies to planning (3) with its dates shifted to the new start date; "save as
  // preset" makes a template (2). A password project's hash is copied by a visibility event
  // right after the creation (ProjectCreated carries no hash).
  const status = mode === 'preset' ? 2 : 3;
  const created: ProjectEvent = {
    type: 'ProjectCreated',
    data: {
      projectId: target.projectId, teamId: target.teamId, link: target.link, name: target.name, colour: source.colour, status,
      visibility: source.visibility === 'password' ? 'admins' : source.visibility, settings: source.settings,
      shareHash: target.shareHash, startDate, createdBy: target.createdBy, createdAt: target.createdAt,
      copiedFrom: { projectId: source.projectId, kind: mode === 'fromPreset' ? 'preset' : 'copy' },
    },
  };
  const visibility: ProjectEvent[] = source.visibility === 'password' && source.passwordHash !== null
    ? [{ type: 'ProjectVisibilityChanged', data: { projectId: target.projectId, visibility: 'password', passwordHash: source.passwordHash } }]
    : [];
  const tree = copyTreeEvents(source, {
    projectId: target.projectId, sourceProjectId: source.projectId, ids: command.ids, shiftDays: daysBetween(source.startDate, startDate),
  });
  return [created, ...visibility, ...tree];
}

function decideCreate(command: Extract<ProjectCommand, { type: 'CreateProject' }>, state: ProjectState): ProjectEvent[] {
  if (state.exists || state.purged) throw new DomainError('conflict', { details: { projectId: command.projectId } });
  return [{
    type: 'ProjectCreated',
    data: {
      projectId: command.projectId, teamId: command.teamId, link: command.link, name: command.name, colour: command.colour, status: 3,
      visibility: command.visibility, settings: { ...DEFAULT_PROJECT_SETTINGS, ...command.settings }, shareHash: command.shareHash,
      startDate: command.startDate, createdBy: command.createdBy, createdAt: command.createdAt, copiedFrom: null,
    },
  }];
}

function decideEdit(command: Extract<ProjectCommand, { type: 'EditProject' }>, state: ExistingProject): ProjectEvent[] {
  const settings = command.settings ? { ...state.settings, ...command.settings } : undefined;
  const changes = {
    ...(command.name !== undefined && command.name !== state.name ? { name: command.name } : {}),
    ...(command.colour !== undefined && command.colour !== state.colour ? { colour: command.colour } : {}),
    ...(command.startDate !== undefined && command.startDate !== state.startDate ? { startDate: command.startDate } : {}),
    ...(settings !== undefined && !sameJson(settings, state.settings) ? { settings } : {}),
  };
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'ProjectEdited', data: { projectId: state.projectId, ...changes } }];
}

function decideVisibility(command: Extract<ProjectCommand, { type: 'ChangeVisibility' }>, state: ExistingProject): ProjectEvent[] {
  if (command.visibility !== 'password') {
    if (state.visibility === command.visibility) return [];
    return [{ type: 'ProjectVisibilityChanged', data: { projectId: state.projectId, visibility: command.visibility, passwordHash: null } }];
  }
  // "No password entered": a password project needs one, given now or kept from before.
  const passwordHash = command.passwordHash ?? state.passwordHash;
  if (passwordHash === null) throw new DomainError('validation_failed', { field: 'password' });
  if (state.visibility === 'password' && passwordHash === state.passwordHash) return [];
  return [{ type: 'ProjectVisibilityChanged', data: { projectId: state.projectId, visibility: 'password', passwordHash } }];
}

/**
 * The status machine of ADR 0006: release 3 → 1 by the owner only; 1 ↔ 4, 1 ↔ 5, 1/4/5 → 10,
 * 10 → 1 by owner or admin; any status except 0 → 0 (soft delete, keeps the previous status);
 * restore 0 → the previous status. A template (2) is never released: it is copied.
 */
function decideStatus(command: Extract<ProjectCommand, { type: 'ChangeStatus' }>, state: ExistingProject): ProjectEvent[] {
  const from = state.status;
  const event = (to: ProjectStatus): ProjectEvent[] => [{ type: 'ProjectStatusChanged', data: { projectId: state.projectId, from, to } }];
  if (command.to === 'restore') {
    if (from !== 0) throw transition(from, 'restore');
    return event(state.previousStatus ?? 3);
  }
  const to = command.to;
  if (to === from) return [];
  if (state.locked && !isAdmin(command.actor)) throw new DomainError('project_locked', { details: { projectId: state.projectId } });
  if (to === 0) return event(0);
  if (from === 0) throw transition(from, to);
  if (from === 3 && to === 1) {
    if (command.actor.level !== 'owner') throw new DomainError('no_permission', { details: { reason: 'only the owner releases a project' } });
    return event(1);
  }
  if (!ALLOWED.some(([a, b]) => a === from && b === to)) throw transition(from, to);
  if (!isAdmin(command.actor)) throw new DomainError('no_permission', { details: { reason: 'status changes need owner or admin' } });
  return event(to);
}

const ALLOWED: ReadonlyArray<readonly [ProjectStatus, ProjectStatus]> = [
  [1, 4], [4, 1], [1, 5], [5, 1], [1, 10], [4, 10], [5, 10], [10, 1],
];

function transition(from: ProjectStatus, to: StatusTarget): DomainError {
  return new DomainError('project_status_transition', { field: 'status', details: { from, to } });
}

function decideLock(command: Extract<ProjectCommand, { type: 'ChangeLock' }>, state: ExistingProject): ProjectEvent[] {
  if (!isAdmin(command.actor)) throw new DomainError('no_permission', { details: { reason: 'only owner and admin lock a project' } });
  if (state.locked === command.locked) return [];
  return [{ type: 'ProjectLockChanged', data: { projectId: state.projectId, locked: command.locked } }];
}

// Permanent delete only from the trash (0), or of any project in development mode.
function decidePurge(command: Extract<ProjectCommand, { type: 'PurgeProject' }>, state: ExistingProject): ProjectEvent[] {
  if (!isAdmin(command.actor)) throw new DomainError('no_permission', { details: { reason: 'only owner and admin delete permanently' } });
  if (state.status !== 0 && !command.devMode) throw new DomainError('project_cannot_delete', { details: { status: state.status } });
  return [{ type: 'ProjectPurged', data: { projectId: state.projectId } }];
}

function decideAddPhase(command: Extract<ProjectCommand, { type: 'AddPhase' }>, state: ExistingProject): ProjectEvent[] {
  if (findPhase(state, command.phaseId) !== undefined) throw new DomainError('conflict', { details: { phaseId: command.phaseId } });
  // Sub-groups are one level deep: the folder must be a top-level phase of this project.
  if (command.folderId !== null) requireTopLevel(state, command.folderId, 'folderId');
  return [{
    type: 'PhaseAdded',
    data: { projectId: state.projectId, phaseId: command.phaseId, name: command.name, description: command.description, folderId: command.folderId, copiedFrom: null },
  }];
}

/** A phase's content first (sub-groups' lists, sub-groups, own lists), then the phase. */
function removePhaseEvents(state: ExistingProject, phaseId: string): ProjectEvent[] {
  const removeLists = (id: string): ProjectEvent[] =>
    listsOf(state, id).map((l) => ({ type: 'ListRemoved', data: { projectId: state.projectId, listId: l.listId } }));
  const subGroups = phasesIn(state, phaseId).flatMap((sub): ProjectEvent[] => [
    ...removeLists(sub.phaseId),
    { type: 'PhaseRemoved', data: { projectId: state.projectId, phaseId: sub.phaseId } },
  ]);
  return [...subGroups, ...removeLists(phaseId), { type: 'PhaseRemoved', data: { projectId: state.projectId, phaseId } }];
}

function decideAddList(command: Extract<ProjectCommand, { type: 'AddList' }>, state: ExistingProject): ProjectEvent[] {
  const phase = requirePhase(state, command.phaseId);
  if (findList(state, command.listId) !== undefined) throw new DomainError('conflict', { details: { listId: command.listId } });
  const content = validListContent(command.content);
  checkSoloLimits(command.plan, { items: 0, columns: content.fields.length });
  return [{
    type: 'ListAdded',
    data: { projectId: state.projectId, listId: command.listId, phaseId: phase.phaseId, ...content, settings: { ...DEFAULT_LIST_SETTINGS, ...content.settings }, copiedFrom: null },
  }];
}

/** plan: null when the change cannot touch the fields (multi-edit). */
function listEditEvents(state: ExistingProject, list: ListState, changes: Partial<ListContent>, plan: TeamPlanState | null): ProjectEvent[] {
  if (changes.window !== undefined) validWindow(changes.window);
  if (changes.fields !== undefined) {
    validFields(changes.fields);
    // Only growing the column count meets the plan's limit; lists above it may shrink.
    if (plan !== null && changes.fields.length > list.fields.length) checkSoloLimits(plan, { items: 0, columns: changes.fields.length });
  }
  const settings = changes.settings !== undefined ? { ...list.settings, ...changes.settings } : undefined;
  const next: Record<string, unknown> = {
    type: changes.type, name: changes.name, description: changes.description, window: changes.window,
    attendance: changes.attendance, fields: changes.fields, settings,
  };
  const current: Record<string, unknown> = { ...list };
  const diff = Object.fromEntries(Object.entries(next).filter(([key, value]) => value !== undefined && !sameJson(value, current[key])));
  if (Object.keys(diff).length === 0) return [];
  return [{ type: 'ListEdited', data: { projectId: state.projectId, listId: list.listId, ...diff } }];
}

function decideEditLists(command: Extract<ProjectCommand, { type: 'EditLists' }>, state: ExistingProject): ProjectEvent[] {
  const unique = new Set(command.listIds);
  if (unique.size !== command.listIds.length) throw new DomainError('validation_failed', { field: 'listIds' });
  const lists = command.listIds.map((id) => findList(state, id));
  if (lists.some((l) => l === undefined)) throw new DomainError('validation_failed', { field: 'listIds' });
  return lists.flatMap((list) => (list ? listEditEvents(state, list, command.changes, null) : []));
}

function decideEditItem(command: Extract<ProjectCommand, { type: 'EditItem' }>, state: ExistingProject): ProjectEvent[] {
  const item = requireItem(state, command.listId, command.itemId);
  const current: Record<string, unknown> = { ...item };
  const diff = Object.fromEntries(Object.entries(command.changes).filter(([key, value]) => value !== undefined && !sameJson(value, current[key])));
  if (Object.keys(diff).length === 0) return [];
  return [{ type: 'ItemEdited', data: { projectId: state.projectId, listId: item.listId, itemId: item.itemId, ...diff } }];
}

function validListContent(content: ListContent): ListContent {
  validWindow(content.window);
  validFields(content.fields);
  return content;
}

/** Opens, closes (the limit date) and ends in this order, as far as they are set. */
function validWindow(window: ListWindow): void {
  const times = [window.opensAt, window.closesAt, window.endsAt].filter((t): t is string => t !== null).map((t) => Date.parse(t));
  for (let i = 1; i < times.length; i += 1) {
    if ((times[i] ?? 0) < (times[i - 1] ?? 0)) throw new DomainError('validation_failed', { field: 'window' });
  }
}

function validFields(fields: readonly ListField[]): void {
  if (new Set(fields.map((f) => f.fieldId)).size !== fields.length) throw new DomainError('validation_failed', { field: 'fields' });
}

/** New ids of a copy must be new in the project and among themselves (else conflict). */
function unusedIds(state: ExistingProject, events: ProjectEvent[]): ProjectEvent[] {
  const seen = new Set<string>([...state.phases.map((p) => p.phaseId), ...state.lists.map((l) => l.listId), ...state.items.map((i) => i.itemId)]);
  for (const event of events) {
    const added = event.type === 'PhaseAdded' ? event.data.phaseId : event.type === 'ListAdded' ? event.data.listId : event.type === 'ItemAdded' ? event.data.itemId : null;
    if (added === null) continue;
    if (seen.has(added)) throw new DomainError('conflict', { details: { id: added } });
    seen.add(added);
  }
  return events;
}

/** `order` must name exactly the group's members; the same order changes nothing. */
function sortEvents(group: string[], order: string[], event: () => ProjectEvent): ProjectEvent[] {
  const wanted = new Set(order);
  if (wanted.size !== order.length || wanted.size !== group.length || group.some((id) => !wanted.has(id))) {
    throw new DomainError('validation_failed', { field: 'order' });
  }
  if (group.every((id, index) => order[index] === id)) return [];
  return [event()];
}

function requirePhase(state: ExistingProject, phaseId: string, field?: string) {
  const phase = findPhase(state, phaseId);
  if (!phase) throw field ? new DomainError('validation_failed', { field }) : new DomainError('not_found', { details: { phaseId } });
  return phase;
}

function requireTopLevel(state: ExistingProject, phaseId: string, field: string) {
  const phase = findPhase(state, phaseId);
  if (!phase || phase.folderId !== null) throw new DomainError('validation_failed', { field, details: { reason: 'sub-groups are one level deep' } });
  return phase;
}

function requireList(state: ExistingProject, listId: string, field?: string) {
  const list = findList(state, listId);
  if (!list) throw field ? new DomainError('validation_failed', { field }) : new DomainError('not_found', { details: { listId } });
  return list;
}

function requireItem(state: ExistingProject, listId: string, itemId: string) {
  const item = findItem(state, itemId, listId);
  if (!item) throw new DomainError('not_found', { details: { listId, itemId } });
  return item;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function assertNever(value: never): never {
  throw new Error(`Unexpected project command ${JSON.stringify(value)}`);
}
