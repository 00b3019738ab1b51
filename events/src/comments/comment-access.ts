import { checkAccess, type AccessContext } from '../access/access';
import { DomainError } from '../errors/domain-error';
import { canViewProject, type ProjectViewAnswer, type ProjectViewer } from '../projects/project-visibility';
import { findItem, findList, type ProjectState } from '../projects/project-state';
import type { CommentTarget } from './comment-path';

// Who reads and writes comments (ADR 0006): whoever may view the project reads and (signed in)
// writes them; the project's managers (owner, admin, or manage_prj access) are its admins for
// comments: they remove anyone's comment and still comment on a deleted or locked project.
// Pure; the command decider and the query service both decide with it.

export interface CommentViewer extends ProjectViewer {
  /** The viewer's active membership of the project's team with its access map, or null. */
  membership: AccessContext | null;
}

export interface CommentAccess {
  view: ProjectViewAnswer;
  admin: boolean;
}

export function commentAccess(project: ProjectState, viewer: CommentViewer): CommentAccess {
  if (!project.exists) return { view: 'not_found', admin: false };
  const admin = checkAccess(viewer.membership, { kind: 'area', area: 'manage_prj', itemId: project.projectId }) !== false;
  return { view: canViewProject(project, viewer), admin };
}

/** The answer for a viewer who may not see the project; nothing tells that a hidden one exists. */
export function commentViewError(view: Exclude<ProjectViewAnswer, 'ok'>): DomainError {
  switch (view) {
    case 'not_found':
      return new DomainError('not_found', { field: 'path' });
    case 'login_required':
      return new DomainError(6011);
    case 'no_permission':
    case 'password_required':
      return new DomainError('no_permission', { field: 'path' });
    default:
      return assertNever(view);
  }
}

/** The path's target is in the project: the project itself, one of its lists, or an item of that list. */
export function commentTargetExists(project: ProjectState, target: CommentTarget): boolean {
  if (!project.exists || target.projectId !== project.projectId) return false;
  switch (target.kind) {
    case 'project':
      return true;
    case 'list':
      return findList(project, target.listId) !== undefined;
    case 'item':
      return findList(project, target.listId) !== undefined && findItem(project, target.itemId, target.listId) !== undefined;
    default:
      return assertNever(target);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected view answer ${JSON.stringify(value)}`);
}
