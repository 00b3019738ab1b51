import {
  DomainError,
  findItem,
  findList,
  findPhase,
  type ExistingProject,
  type ItemState,
  type ListState,
  type MemberLevel,
  type PhaseState,
  type ProjectEvent,
} from '@planwerk/events';

// The checks the project commands share: who may act, which state allows it, and which
// phases, lists and items must exist. Each throws the rule error with its spec code.

export interface ProjectActor {
  userId: string;
  level: MemberLevel;
}

/** What every command on an existing project stream carries. */
export interface ProjectCommandBase {
  projectId: string;
  actor: ProjectActor;
}

export function isAdmin(actor: ProjectActor): boolean {
  return actor.level === 'owner' || actor.level === 'admin';
}

/** `reason` goes into the error's details: it says which rule needs owner or admin. */
export function requireAdmin(actor: ProjectActor, reason: string): void {
  if (!isAdmin(actor)) throw new DomainError('no_permission', { details: { reason } });
}

export function requireOutOfTrash(project: ExistingProject): void {
  if (project.status === 0) throw new DomainError('project_in_trash', { details: { projectId: project.projectId } });
}

/** A locked project is read-only for everyone below admin. */
export function requireUnlocked(project: ExistingProject, actor: ProjectActor): void {
  if (project.locked && !isAdmin(actor)) throw new DomainError('project_locked', { details: { projectId: project.projectId } });
}

// With `field`, the id was a reference in the command (validation_failed on that field);
// without, it names the object the command acts on (not_found).
export function requirePhase(state: ExistingProject, phaseId: string, field?: string): PhaseState {
  return found(findPhase(state, phaseId), field, { phaseId });
}

export function requireList(state: ExistingProject, listId: string, field?: string): ListState {
  return found(findList(state, listId), field, { listId });
}

export function requireItem(state: ExistingProject, listId: string, itemId: string): ItemState {
  return found(findItem(state, itemId, listId), undefined, { listId, itemId });
}

/** Sub-groups are one level deep: a folder must be a top-level phase of this project. */
export function requireTopLevel(state: ExistingProject, phaseId: string, field: string): PhaseState {
  const phase = findPhase(state, phaseId);
  if (!phase || phase.folderId !== null) throw new DomainError('validation_failed', { field, details: { reason: 'sub-groups are one level deep' } });
  return phase;
}

/** New ids of a copy must be new in the project and among themselves (else conflict). */
export function unusedIds(state: ExistingProject, events: ProjectEvent[]): ProjectEvent[] {
  const seen = new Set<string>([...state.phases.map((p) => p.phaseId), ...state.lists.map((l) => l.listId), ...state.items.map((i) => i.itemId)]);
  for (const event of events) {
    const added = event.type === 'PhaseAdded' ? event.data.phaseId : event.type === 'ListAdded' ? event.data.listId : event.type === 'ItemAdded' ? event.data.itemId : null;
    if (added === null) continue;
    if (seen.has(added)) throw new DomainError('conflict', { details: { id: added } });
    seen.add(added);
  }
  return events;
}

function found<T>(value: T | undefined, field: string | undefined, details: Record<string, string>): T {
  if (value === undefined) throw field ? new DomainError('validation_failed', { field }) : new DomainError('not_found', { details });
  return value;
}
