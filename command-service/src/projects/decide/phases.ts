import { DomainError, findPhase, listsOf, phasesIn, type ExistingProject, type ProjectEvent } from '@planwerk/events';
import { copyPhaseEvents, type IdMap } from './project-copy.decider';
import { changedFields, copyInPlace, sortEvents } from './changes';
import { requirePhase, requireTopLevel, unusedIds, type ProjectCommandBase } from './guards';

// Phases and their sub-groups (a phase whose folderId is a top-level phase).

export type AddPhase = ProjectCommandBase & { type: 'AddPhase'; phaseId: string; name: string; description: string; folderId: string | null };
export type EditPhase = ProjectCommandBase & { type: 'EditPhase'; phaseId: string; name?: string; description?: string };
export type RemovePhase = ProjectCommandBase & { type: 'RemovePhase'; phaseId: string };
export type CopyPhase = ProjectCommandBase & { type: 'CopyPhase'; phaseId: string; name?: string; ids: IdMap };
export type SortPhases = ProjectCommandBase & { type: 'SortPhases'; folderId: string | null; order: string[] };

export function decideAddPhase(command: AddPhase, state: ExistingProject): ProjectEvent[] {
  if (findPhase(state, command.phaseId) !== undefined) throw new DomainError('conflict', { details: { phaseId: command.phaseId } });
  if (command.folderId !== null) requireTopLevel(state, command.folderId, 'folderId');
  return [{
    type: 'PhaseAdded',
    data: { projectId: state.projectId, phaseId: command.phaseId, name: command.name, description: command.description, folderId: command.folderId, copiedFrom: null },
  }];
}

export function decideEditPhase(command: EditPhase, state: ExistingProject): ProjectEvent[] {
  const phase = requirePhase(state, command.phaseId);
  const changes = changedFields({ name: command.name, description: command.description }, phase);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'PhaseEdited', data: { projectId: state.projectId, phaseId: phase.phaseId, ...changes } }];
}

/** A phase's content first (sub-groups' lists, sub-groups, own lists), then the phase. */
export function decideRemovePhase(command: RemovePhase, state: ExistingProject): ProjectEvent[] {
  const phaseId = requirePhase(state, command.phaseId).phaseId;
  const removeLists = (id: string): ProjectEvent[] =>
    listsOf(state, id).map((l) => ({ type: 'ListRemoved', data: { projectId: state.projectId, listId: l.listId } }));
  const subGroups = phasesIn(state, phaseId).flatMap((sub): ProjectEvent[] => [
    ...removeLists(sub.phaseId),
    { type: 'PhaseRemoved', data: { projectId: state.projectId, phaseId: sub.phaseId } },
  ]);
  return [...subGroups, ...removeLists(phaseId), { type: 'PhaseRemoved', data: { projectId: state.projectId, phaseId } }];
}

export function decideCopyPhase(command: CopyPhase, state: ExistingProject): ProjectEvent[] {
  const phase = requirePhase(state, command.phaseId);
  return unusedIds(state, copyPhaseEvents(state, phase, phase.folderId, copyInPlace(state, command.ids), command.name));
}

export function decideSortPhases(command: SortPhases, state: ExistingProject): ProjectEvent[] {
  if (command.folderId !== null) requireTopLevel(state, command.folderId, 'folderId');
  const group = phasesIn(state, command.folderId).map((p) => p.phaseId);
  return sortEvents(group, command.order, () => ({ type: 'PhasesSorted', data: { projectId: state.projectId, folderId: command.folderId, order: command.order } }));
}
