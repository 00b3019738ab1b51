import {
  checkSoloLimits,
  DomainError,
  findItem,
  itemsOf,
  type ExistingProject,
  type ItemState,
  type ProjectEvent,
  type TeamPlanState,
} from '@planwerk/events';
import { copyItemEvent } from './project-copy.decider';
import { changedFields, copyInPlace, sortEvents } from './changes';
import { requireItem, requireList, unusedIds, type ProjectCommandBase } from './guards';

// Items of a list (what members sign up for). A list's item count meets the team plan's limit.

/** An item as a command brings it: its state without ids and origin. */
export type ItemContent = Omit<ItemState, 'itemId' | 'listId' | 'copiedFrom'>;

export type AddItem = ProjectCommandBase & { type: 'AddItem'; listId: string; itemId: string; content: ItemContent; plan: TeamPlanState };
export type EditItem = ProjectCommandBase & { type: 'EditItem'; listId: string; itemId: string; changes: Partial<ItemContent> };
export type RemoveItem = ProjectCommandBase & { type: 'RemoveItem'; listId: string; itemId: string };
export type CopyItem = ProjectCommandBase & {
  type: 'CopyItem'; listId: string; itemId: string; toListId?: string; name?: string; newItemId: string; plan: TeamPlanState;
};
export type SortItems = ProjectCommandBase & { type: 'SortItems'; listId: string; order: string[] };

export function decideAddItem(command: AddItem, state: ExistingProject): ProjectEvent[] {
  const list = requireList(state, command.listId);
  if (findItem(state, command.itemId) !== undefined) throw new DomainError('conflict', { details: { itemId: command.itemId } });
  checkSoloLimits(command.plan, { items: itemsOf(state, list.listId).length + 1, columns: 0 });
  return [{ type: 'ItemAdded', data: { projectId: state.projectId, listId: list.listId, itemId: command.itemId, ...command.content, copiedFrom: null } }];
}

export function decideEditItem(command: EditItem, state: ExistingProject): ProjectEvent[] {
  const item = requireItem(state, command.listId, command.itemId);
  const diff = changedFields(command.changes, item);
  if (Object.keys(diff).length === 0) return [];
  return [{ type: 'ItemEdited', data: { projectId: state.projectId, listId: item.listId, itemId: item.itemId, ...diff } }];
}

export function decideRemoveItem(command: RemoveItem, state: ExistingProject): ProjectEvent[] {
  const item = requireItem(state, command.listId, command.itemId);
  return [{ type: 'ItemRemoved', data: { projectId: state.projectId, listId: item.listId, itemId: item.itemId } }];
}

export function decideCopyItem(command: CopyItem, state: ExistingProject): ProjectEvent[] {
  const item = requireItem(state, command.listId, command.itemId);
  const listId = command.toListId === undefined ? item.listId : requireList(state, command.toListId, 'listId').listId;
  checkSoloLimits(command.plan, { items: itemsOf(state, listId).length + 1, columns: 0 });
  // The item's own id comes in on the command: the id map is not needed.
  return unusedIds(state, [copyItemEvent(item, listId, command.newItemId, copyInPlace(state, (old) => old), command.name)]);
}

export function decideSortItems(command: SortItems, state: ExistingProject): ProjectEvent[] {
  const list = requireList(state, command.listId);
  const group = itemsOf(state, list.listId).map((i) => i.itemId);
  return sortEvents(group, command.order, () => ({ type: 'ItemsSorted', data: { projectId: state.projectId, listId: list.listId, order: command.order } }));
}
