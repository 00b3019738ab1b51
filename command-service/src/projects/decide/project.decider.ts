import { DomainError, evolveProject, initialProjectState, type ProjectEvent, type ProjectState } from '@planwerk/events';
import { decideCreate, type CreateProject } from './create';
import { requireOutOfTrash, requireUnlocked } from './guards';
import {
  decideAddItem, decideCopyItem, decideEditItem, decideRemoveItem, decideSortItems,
  type AddItem, type CopyItem, type EditItem, type RemoveItem, type SortItems,
} from './items';
import {
  decideAddList, decideCopyList, decideEditList, decideEditLists, decideMoveList, decideRemoveList, decideSortLists,
  type AddList, type CopyList, type EditList, type EditLists, type MoveList, type RemoveList, type SortLists,
} from './lists';
import {
  decideAddPhase, decideCopyPhase, decideEditPhase, decideRemovePhase, decideSortPhases,
  type AddPhase, type CopyPhase, type EditPhase, type RemovePhase, type SortPhases,
} from './phases';
import { decideEdit, decideVisibility, type ChangeVisibility, type EditProject } from './settings';
import { decideLock, decidePurge, decideStatus, type ChangeLock, type ChangeStatus, type PurgeProject } from './status';

// The project aggregate of stream `project-<projectId>` (ADR 0006): the project with its
// phases, lists and items. Pure: ids, time, the caller's level, the team's plan and the
// development flag come in on the commands; the fold is the shared `evolveProject`. The
// decisions of each command group are in decide/ (a copy into a new stream: decide/create.ts).

export type ProjectCommand =
  | CreateProject
  | EditProject | ChangeVisibility
  | ChangeStatus | ChangeLock | PurgeProject
  | AddPhase | EditPhase | RemovePhase | CopyPhase | SortPhases
  | AddList | EditList | EditLists | RemoveList | CopyList | MoveList | SortLists
  | AddItem | EditItem | RemoveItem | CopyItem | SortItems;

export const initialState = initialProjectState;
export const evolve = evolveProject;

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
  requireOutOfTrash(state);
  requireUnlocked(state, command.actor);
  switch (command.type) {
    case 'EditProject':
      return decideEdit(command, state);
    case 'ChangeVisibility':
      return decideVisibility(command, state);
    case 'AddPhase':
      return decideAddPhase(command, state);
    case 'EditPhase':
      return decideEditPhase(command, state);
    case 'RemovePhase':
      return decideRemovePhase(command, state);
    case 'CopyPhase':
      return decideCopyPhase(command, state);
    case 'SortPhases':
      return decideSortPhases(command, state);
    case 'AddList':
      return decideAddList(command, state);
    case 'EditList':
      return decideEditList(command, state);
    case 'EditLists':
      return decideEditLists(command, state);
    case 'RemoveList':
      return decideRemoveList(command, state);
    case 'CopyList':
      return decideCopyList(command, state);
    case 'MoveList':
      return decideMoveList(command, state);
    case 'SortLists':
      return decideSortLists(command, state);
    case 'AddItem':
      return decideAddItem(command, state);
    case 'EditItem':
      return decideEditItem(command, state);
    case 'RemoveItem':
      return decideRemoveItem(command, state);
    case 'CopyItem':
      return decideCopyItem(command, state);
    case 'SortItems':
      return decideSortItems(command, state);
    default:
      return assertNever(command);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected project command ${JSON.stringify(value)}`);
}
