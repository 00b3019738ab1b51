import {
  checkSoloLimits,
  DEFAULT_LIST_SETTINGS,
  DomainError,
  findList,
  itemsOf,
  listsOf,
  type ExistingProject,
  type ListField,
  type ListSettings,
  type ListState,
  type ListWindow,
  type ProjectEvent,
  type TeamPlanState,
} from '@planwerk/events';
import { copyListEvents, type IdMap } from './project-copy.decider';
import { changedFields, copyInPlace, sortEvents } from './changes';
import { requireList, requirePhase, unusedIds, type ProjectCommandBase } from './guards';

// Lists in a phase: their content, window and columns, and where they stand.

/** A list as a command brings it: its state without ids and origin, with only the settings it sets. */
export type ListContent = Omit<ListState, 'listId' | 'phaseId' | 'copiedFrom' | 'settings'> & { settings: Partial<ListSettings> };

export type AddList = ProjectCommandBase & { type: 'AddList'; phaseId: string; listId: string; content: ListContent; plan: TeamPlanState };
export type EditList = ProjectCommandBase & { type: 'EditList'; listId: string; changes: Partial<ListContent>; plan: TeamPlanState };
export type EditLists = ProjectCommandBase & {
  type: 'EditLists'; listIds: string[]; changes: Partial<Pick<ListContent, 'type' | 'window' | 'attendance' | 'settings'>>;
};
export type RemoveList = ProjectCommandBase & { type: 'RemoveList'; listId: string };
export type CopyList = ProjectCommandBase & { type: 'CopyList'; listId: string; toPhaseId?: string; name?: string; ids: IdMap; plan: TeamPlanState };
export type MoveList = ProjectCommandBase & { type: 'MoveList'; listId: string; toPhaseId: string };
export type SortLists = ProjectCommandBase & { type: 'SortLists'; phaseId: string; order: string[] };

export function decideAddList(command: AddList, state: ExistingProject): ProjectEvent[] {
  const phase = requirePhase(state, command.phaseId);
  if (findList(state, command.listId) !== undefined) throw new DomainError('conflict', { details: { listId: command.listId } });
  const content = validListContent(command.content);
  checkSoloLimits(command.plan, { items: 0, columns: content.fields.length });
  return [{
    type: 'ListAdded',
    data: { projectId: state.projectId, listId: command.listId, phaseId: phase.phaseId, ...content, settings: { ...DEFAULT_LIST_SETTINGS, ...content.settings }, copiedFrom: null },
  }];
}

export function decideEditList(command: EditList, state: ExistingProject): ProjectEvent[] {
  return listEditEvents(state, requireList(state, command.listId), command.changes, command.plan);
}

export function decideEditLists(command: EditLists, state: ExistingProject): ProjectEvent[] {
  const unique = new Set(command.listIds);
  if (unique.size !== command.listIds.length) throw new DomainError('validation_failed', { field: 'listIds' });
  const lists = command.listIds.map((id) => findList(state, id));
  if (lists.some((l) => l === undefined)) throw new DomainError('validation_failed', { field: 'listIds' });
  return lists.flatMap((list) => (list ? listEditEvents(state, list, command.changes, null) : []));
}

export function decideRemoveList(command: RemoveList, state: ExistingProject): ProjectEvent[] {
  return [{ type: 'ListRemoved', data: { projectId: state.projectId, listId: requireList(state, command.listId).listId } }];
}

export function decideCopyList(command: CopyList, state: ExistingProject): ProjectEvent[] {
  const list = requireList(state, command.listId);
  const phaseId = command.toPhaseId === undefined ? list.phaseId : requirePhase(state, command.toPhaseId, 'phaseId').phaseId;
  checkSoloLimits(command.plan, { items: itemsOf(state, list.listId).length, columns: list.fields.length });
  return unusedIds(state, copyListEvents(state, list, phaseId, copyInPlace(state, command.ids), command.name));
}

export function decideMoveList(command: MoveList, state: ExistingProject): ProjectEvent[] {
  const list = requireList(state, command.listId);
  const target = requirePhase(state, command.toPhaseId, 'phaseId');
  if (target.phaseId === list.phaseId) return [];
  return [{ type: 'ListMoved', data: { projectId: state.projectId, listId: list.listId, fromPhaseId: list.phaseId, toPhaseId: target.phaseId } }];
}

export function decideSortLists(command: SortLists, state: ExistingProject): ProjectEvent[] {
  const phase = requirePhase(state, command.phaseId);
  const group = listsOf(state, phase.phaseId).map((l) => l.listId);
  return sortEvents(group, command.order, () => ({ type: 'ListsSorted', data: { projectId: state.projectId, phaseId: phase.phaseId, order: command.order } }));
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
  const diff = changedFields({
    type: changes.type, name: changes.name, description: changes.description, window: changes.window,
    attendance: changes.attendance, fields: changes.fields, settings,
  }, list);
  if (Object.keys(diff).length === 0) return [];
  return [{ type: 'ListEdited', data: { projectId: state.projectId, listId: list.listId, ...diff } }];
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
