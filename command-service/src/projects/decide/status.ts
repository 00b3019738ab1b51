import { DomainError, type ExistingProject, type ProjectEvent, type ProjectStatus } from '@planwerk/events';
import { requireAdmin, requireUnlocked, type ProjectCommandBase } from './guards';

// The project's life cycle: status, lock and permanent delete. These commands also reach a
// project in the trash (restore, purge) and check the lock themselves.

export type StatusTarget = 0 | 1 | 3 | 4 | 5 | 10 | 'restore';

export type ChangeStatus = ProjectCommandBase & { type: 'ChangeStatus'; to: StatusTarget };
export type ChangeLock = ProjectCommandBase & { type: 'ChangeLock'; locked: boolean };
export type PurgeProject = ProjectCommandBase & { type: 'PurgeProject'; devMode: boolean };

/**
 * The status machine of ADR 0006: release 3 → 1 by the owner only; 1 ↔ 4, 1 ↔ 5, 1/4/5 → 10,
 * 10 → 1 by owner or admin; any status except 0 → 0 (soft delete, keeps the previous status);
 * restore 0 → the previous status. A template (2) is never released: it is copied.
 */
export function decideStatus(command: ChangeStatus, state: ExistingProject): ProjectEvent[] {
  const from = state.status;
  const event = (to: ProjectStatus): ProjectEvent[] => [{ type: 'ProjectStatusChanged', data: { projectId: state.projectId, from, to } }];
  if (command.to === 'restore') {
    if (from !== 0) throw transition(from, 'restore');
    return event(state.previousStatus ?? 3);
  }
  const to = command.to;
  if (to === from) return [];
  requireUnlocked(state, command.actor);
  if (to === 0) return event(0);
  if (from === 0) throw transition(from, to);
  if (from === 3 && to === 1) {
    if (command.actor.level !== 'owner') throw new DomainError('no_permission', { details: { reason: 'only the owner releases a project' } });
    return event(1);
  }
  if (!ALLOWED.some(([a, b]) => a === from && b === to)) throw transition(from, to);
  requireAdmin(command.actor, 'status changes need owner or admin');
  return event(to);
}

const ALLOWED: ReadonlyArray<readonly [ProjectStatus, ProjectStatus]> = [
  [1, 4], [4, 1], [1, 5], [5, 1], [1, 10], [4, 10], [5, 10], [10, 1],
];

function transition(from: ProjectStatus, to: StatusTarget): DomainError {
  return new DomainError('project_status_transition', { field: 'status', details: { from, to } });
}

export function decideLock(command: ChangeLock, state: ExistingProject): ProjectEvent[] {
  requireAdmin(command.actor, 'only owner and admin lock a project');
  if (state.locked === command.locked) return [];
  return [{ type: 'ProjectLockChanged', data: { projectId: state.projectId, locked: command.locked } }];
}

// Permanent delete only from the trash (0), or of any project in development mode.
export function decidePurge(command: PurgeProject, state: ExistingProject): ProjectEvent[] {
  requireAdmin(command.actor, 'only owner and admin delete permanently');
  if (state.status !== 0 && !command.devMode) throw new DomainError('project_cannot_delete', { details: { status: state.status } });
  return [{ type: 'ProjectPurged', data: { projectId: state.projectId } }];
}
