import type { MemberLevel } from '../access/access';
import type { ProjectState } from './project-state';

// Who sees a project (spec sections 4 and 6, ADR 0006). Pure and browser-safe: the query
// service's public view, the bundle, the sign-up and comment commands all decide with it.

export interface ProjectViewer {
  userId: string | null;
  /** The user's e-mail address is confirmed. */
  verified: boolean;
  /** The viewer's active membership of the project's team, or null. */
  membership: { level: MemberLevel } | null;
  /** A project password was given and matches (checked by the caller against the hash). */
  passwordOk: boolean;
}

export type ProjectViewAnswer = 'ok' | 'login_required' | 'no_permission' | 'password_required' | 'not_found';

/** Owner and admin: always full access to every project of the team (spec section 6). */
export function isProjectAdmin(membership: { level: MemberLevel } | null): boolean {
  return membership !== null && (membership.level === 'owner' || membership.level === 'admin');
}

/** Levels that manage the team (owner, admin, space): they see planning projects and templates. */
export function isProjectManager(membership: { level: MemberLevel } | null): boolean {
  return membership !== null && (membership.level === 'owner' || membership.level === 'admin' || membership.level === 'space');
}

/**
 * - a missing or purged project: not_found;
 * - 0 deleted (trash): team members only;
 * - 3 planning and 2 template: owner, admin and space only ("others do not see a planning
 *   project" until the owner releases it);
 * - 5 hidden, and 10 archived with `hideArchived`: team members only;
 * - otherwise (1 active, 4 successful, 10 archived) the visibility decides; owner and admin
 *   see it (visibility `owner`: the owner only), and team managers need no project password.
 * Every "not for you" of a status answers not_found, so nothing tells that the project exists.
 */
export function canViewProject(project: ProjectState, viewer: ProjectViewer): ProjectViewAnswer {
  if (!project.exists) return 'not_found';
  const member = viewer.membership;
  switch (project.status) {
    case 0:
      return member !== null ? 'ok' : 'not_found';
    case 2:
    case 3:
      return isProjectManager(member) ? 'ok' : 'not_found';
    case 5:
      return member !== null ? 'ok' : 'not_found';
    case 10:
      if (project.settings.hideArchived && member === null) return 'not_found';
      break;
    case 1:
    case 4:
      break;
    default:
      return assertNever(project.status);
  }
  if (project.visibility === 'owner') {
    if (viewer.userId === null) return 'login_required';
    return member?.level === 'owner' ? 'ok' : 'no_permission';
  }
  if (isProjectAdmin(member)) return 'ok';
  switch (project.visibility) {
    case 'public':
      return 'ok';
    case 'login':
      return viewer.userId !== null ? 'ok' : 'login_required';
    case 'verified':
      if (viewer.userId === null) return 'login_required';
      return viewer.verified ? 'ok' : 'no_permission';
    case 'team':
      if (viewer.userId === null) return 'login_required';
      return member !== null ? 'ok' : 'no_permission';
    case 'admins':
      if (viewer.userId === null) return 'login_required';
      return 'no_permission';
    case 'password':
      if (isProjectManager(member)) return 'ok';
      return viewer.passwordOk ? 'ok' : 'password_required';
    default:
      return assertNever(project.visibility);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected project value ${JSON.stringify(value)}`);
}
