import {
  DomainError,
  findItem,
  findList,
  findPhase,
  itemsOf,
  listsOf,
  phasesIn,
  type ExistingProject,
  type PhaseState,
} from '@planwerk/events';
import { key } from './backup-state.decider';
import { changedFields } from './compare';
import type { Replay } from './replay';

// The phases, lists and items in scope back to the state then: what was there comes back
// (with its old id) or is edited and moved back, what was not there goes, and the sibling
// groups in scope get their order back.

export type Tree = Pick<ExistingProject, 'phases' | 'lists' | 'items'>;

/** The tree of a project that did not exist then. */
export const NO_TREE: Tree = { phases: [], lists: [], items: [] };

export interface TreeRestore {
  projectId: string;
  keys: ReadonlySet<string>;
  then: Tree;
  replay: Replay;
}

const LIST_FIELDS = ['type', 'name', 'description', 'window', 'attendance', 'fields', 'settings'] as const;
const ITEM_FIELDS = ['name', 'description', 'capacity', 'vote', 'date', 'time'] as const;

export function restoreTree(scope: TreeRestore): void {
  bringBack(scope);
  removeNew(scope);
  restoreOrders(scope);
}

function bringBack({ projectId, keys, then, replay }: TreeRestore): void {
  const { emit } = replay;
  const now = replay.project;
  const ensurePhase = (phaseId: string): void => {
    if (findPhase(now(), phaseId)) return;
    const phase = then.phases.find((p) => p.phaseId === phaseId);
    if (!phase) throw new DomainError('conflict', { field: 'phaseId', details: { phaseId, reason: 'the phase is gone' } });
    if (phase.folderId !== null) ensurePhase(phase.folderId);
    emit({ type: 'PhaseAdded', data: { projectId, phaseId, name: phase.name, description: phase.description, folderId: phase.folderId, copiedFrom: phase.copiedFrom } });
  };

  // Phases (top-level ones first, so sub-groups find their folder).
  for (const phase of [...then.phases].sort((a, b) => Number(a.folderId !== null) - Number(b.folderId !== null))) {
    if (!keys.has(key.phase(phase.phaseId))) continue;
    ensurePhase(phase.phaseId);
    const current = findPhase(now(), phase.phaseId) as PhaseState;
    const changes = {
      ...(current.name !== phase.name ? { name: phase.name } : {}),
      ...(current.description !== phase.description ? { description: phase.description } : {}),
    };
    if (Object.keys(changes).length > 0) emit({ type: 'PhaseEdited', data: { projectId, phaseId: phase.phaseId, ...changes } });
  }

  // Lists: back, edited back, moved back.
  for (const list of then.lists) {
    if (!keys.has(key.list(list.listId))) continue;
    const current = findList(now(), list.listId);
    ensurePhase(list.phaseId);
    if (!current) {
      const { copiedFrom, ...content } = list;
      emit({ type: 'ListAdded', data: { projectId, ...content, copiedFrom } });
      continue;
    }
    const changes = changedFields(current, list, LIST_FIELDS);
    if (Object.keys(changes).length > 0) emit({ type: 'ListEdited', data: { projectId, listId: list.listId, ...changes } });
    if (current.phaseId !== list.phaseId) emit({ type: 'ListMoved', data: { projectId, listId: list.listId, fromPhaseId: current.phaseId, toPhaseId: list.phaseId } });
  }

  // Items: back and edited back (an item of a list that is gone needs the list first).
  for (const item of then.items) {
    if (!keys.has(key.item(item.itemId))) continue;
    if (!findList(now(), item.listId)) throw new DomainError('conflict', { field: 'listId', details: { listId: item.listId, reason: 'the list is gone: restore the list' } });
    const current = findItem(now(), item.itemId);
    if (!current) {
      const { copiedFrom, ...content } = item;
      emit({ type: 'ItemAdded', data: { projectId, ...content, copiedFrom } });
      continue;
    }
    const changes = changedFields(current, item, ITEM_FIELDS);
    if (Object.keys(changes).length > 0) emit({ type: 'ItemEdited', data: { projectId, listId: item.listId, itemId: item.itemId, ...changes } });
  }
}

/** What was not there then goes: items, lists, then phases (their remaining content first). */
function removeNew({ projectId, keys, then, replay }: TreeRestore): void {
  const { emit } = replay;
  const now = replay.project;
  for (const item of [...now().items]) {
    if (keys.has(key.item(item.itemId)) && !then.items.some((i) => i.itemId === item.itemId) && findItem(now(), item.itemId)) {
      emit({ type: 'ItemRemoved', data: { projectId, listId: item.listId, itemId: item.itemId } });
    }
  }
  for (const list of [...now().lists]) {
    if (keys.has(key.list(list.listId)) && !then.lists.some((l) => l.listId === list.listId) && findList(now(), list.listId)) {
      emit({ type: 'ListRemoved', data: { projectId, listId: list.listId } });
    }
  }
  const removePhase = (phaseId: string): void => {
    for (const sub of phasesIn(now(), phaseId)) removePhase(sub.phaseId);
    for (const list of listsOf(now(), phaseId)) emit({ type: 'ListRemoved', data: { projectId, listId: list.listId } });
    emit({ type: 'PhaseRemoved', data: { projectId, phaseId } });
  };
  for (const phase of [...now().phases].sort((a, b) => Number(b.folderId !== null) - Number(a.folderId !== null))) {
    if (keys.has(key.phase(phase.phaseId)) && !then.phases.some((p) => p.phaseId === phase.phaseId) && findPhase(now(), phase.phaseId)) removePhase(phase.phaseId);
  }
}

/** Orders of the sibling groups in scope: the order then, members that joined since at the end. */
function restoreOrders({ projectId, keys, then, replay }: TreeRestore): void {
  const { emit } = replay;
  const now = replay.project;
  for (const k of keys) {
    const [kind, id] = splitKey(k);
    if (kind === 'phases') {
      const folderId = id === 'root' ? null : id;
      if (folderId !== null && !findPhase(now(), folderId)) continue;
      const order = desiredOrder(phasesIn(now(), folderId).map((p) => p.phaseId), then.phases.filter((p) => p.folderId === folderId).map((p) => p.phaseId));
      if (order) emit({ type: 'PhasesSorted', data: { projectId, folderId, order } });
    } else if (kind === 'lists') {
      if (!findPhase(now(), id)) continue;
      const order = desiredOrder(listsOf(now(), id).map((l) => l.listId), then.lists.filter((l) => l.phaseId === id).map((l) => l.listId));
      if (order) emit({ type: 'ListsSorted', data: { projectId, phaseId: id, order } });
    } else if (kind === 'items') {
      if (!findList(now(), id)) continue;
      const order = desiredOrder(itemsOf(now(), id).map((i) => i.itemId), then.items.filter((i) => i.listId === id).map((i) => i.itemId));
      if (order) emit({ type: 'ItemsSorted', data: { projectId, listId: id, order } });
    }
  }
}

/** The group's wanted order (members then in their order, newer members after), or null when it already is. */
function desiredOrder(current: string[], then: string[]): string[] | null {
  const members = new Set(current);
  const kept = then.filter((id) => members.has(id));
  const keptSet = new Set(kept);
  const order = [...kept, ...current.filter((id) => !keptSet.has(id))];
  return order.every((id, index) => current[index] === id) ? null : order;
}

function splitKey(k: string): [string, string] {
  const at = k.indexOf(':');
  return [k.slice(0, at), k.slice(at + 1)];
}
