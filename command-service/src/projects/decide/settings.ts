import { DomainError, type ExistingProject, type ProjectEvent, type ProjectSettings, type ProjectVisibility } from '@planwerk/events';
import { changedFields } from './changes';
import type { ProjectCommandBase } from './guards';

// The project's own fields: name, colour, start date, settings and who sees it.

export type EditProject = ProjectCommandBase & {
  type: 'EditProject'; name?: string; colour?: number; startDate?: string | null; settings?: Partial<ProjectSettings>;
};
/** passwordHash: a new hash, or undefined to keep the project's current one. */
export type ChangeVisibility = ProjectCommandBase & { type: 'ChangeVisibility'; visibility: ProjectVisibility; passwordHash?: string };

export function decideEdit(command: EditProject, state: ExistingProject): ProjectEvent[] {
  const settings = command.settings ? { ...state.settings, ...command.settings } : undefined;
  const changes = changedFields({ name: command.name, colour: command.colour, startDate: command.startDate, settings }, state);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'ProjectEdited', data: { projectId: state.projectId, ...changes } }];
}

export function decideVisibility(command: ChangeVisibility, state: ExistingProject): ProjectEvent[] {
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
