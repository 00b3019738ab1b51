import {
  commentAccess,
  commentTargetExists,
  commentViewError,
  DomainError,
  parseCommentPath,
  type CommentEvent,
  type CommentViewer,
  type ProjectState,
} from '@planwerk/events';

// The comments of one project, stream `comments-<projectId>` (ADR 0006). The project itself
// (its tree, status, lock and visibility) comes in on the command, folded from
// `project-<projectId>`, together with the viewer; ids and time come in too. Pure.

export interface CommentState {
  path: string;
  authorId: string | null;
  removed: boolean;
}

export interface CommentsState {
  comments: Readonly<Record<string, CommentState>>;
}

interface Context {
  project: ProjectState;
  viewer: CommentViewer;
}

export type CommentCommand =
  | (Context & { type: 'AddComment'; commentId: string; path: string; text: string; at: string })
  | (Context & { type: 'RemoveComment'; commentId: string; path: string });

export function initialCommentsState(): CommentsState {
  return { comments: {} };
}

export function evolveComments(state: CommentsState, event: CommentEvent): CommentsState {
  switch (event.type) {
    case 'CommentAdded': {
      const d = event.data;
      if (state.comments[d.commentId]) return state;
      return { comments: { ...state.comments, [d.commentId]: { path: d.path, authorId: d.authorId, removed: false } } };
    }
    case 'CommentRemoved': {
      const known = state.comments[event.data.commentId];
      if (!known || known.removed) return state;
      return { comments: { ...state.comments, [event.data.commentId]: { ...known, removed: true } } };
    }
    default:
      return assertNever(event);
  }
}

export function decideComments(command: CommentCommand, state: CommentsState): CommentEvent[] {
  switch (command.type) {
    case 'AddComment':
      return decideAdd(command, state);
    case 'RemoveComment':
      return decideRemove(command, state);
    default:
      return assertNever(command);
  }
}

function decideAdd(command: Extract<CommentCommand, { type: 'AddComment' }>, state: CommentsState): CommentEvent[] {
  const { project, viewer } = command;
  if (!project.exists) throw new DomainError('not_found', { field: 'path' });
  // Comments are written by signed-in users only (spec section 6, "logged-in users").
  if (viewer.userId === null) throw new DomainError(6011);
  assertMayUse(command);
  // The project's setting `comments` opens or closes comments for everyone; removing stays possible.
  if (!project.settings.comments) throw new DomainError('comments_closed');
  if (!targetExists(project, command.path)) throw new DomainError('not_found', { field: 'path' });
  // A repeated add of the same comment changes nothing (spec section 5).
  if (state.comments[command.commentId]) return [];
  return [{
    type: 'CommentAdded',
    data: { projectId: project.projectId, commentId: command.commentId, path: command.path, text: command.text, authorId: viewer.userId, at: command.at },
  }];
}

function decideRemove(command: Extract<CommentCommand, { type: 'RemoveComment' }>, state: CommentsState): CommentEvent[] {
  const { project, viewer } = command;
  if (!project.exists) throw new DomainError('not_found', { field: 'path' });
  if (viewer.userId === null) throw new DomainError(6011);
  const { admin } = assertMayUse(command);
  const comment = state.comments[command.commentId];
  if (!comment || comment.path !== command.path) throw new DomainError('not_found', { field: 'commentId' });
  if (comment.authorId !== viewer.userId && !admin) throw new DomainError('no_permission', { field: 'commentId' });
  if (comment.removed) return [];
  return [{ type: 'CommentRemoved', data: { projectId: project.projectId, commentId: command.commentId, path: comment.path } }];
}

// The viewer must see the project; a deleted (trash) or locked project takes comments from its
// admins only (spec section 4: a lock allows no edits by non-admins).
function assertMayUse(command: CommentCommand): { admin: boolean } {
  const { project, viewer } = command;
  const access = commentAccess(project, viewer);
  if (access.view !== 'ok') throw commentViewError(access.view);
  if (project.exists && (project.status === 0 || project.locked) && !access.admin) throw new DomainError('comment_project_closed');
  return { admin: access.admin };
}

// The path's target must exist in the project.
function targetExists(project: ProjectState, path: string): boolean {
  const target = parseCommentPath(path);
  return target !== null && commentTargetExists(project, target);
}

export const commentsDecider = {
  initialState: initialCommentsState,
  evolve: evolveComments,
  decide: decideComments,
};

function assertNever(value: never): never {
  throw new Error(`Unexpected comment value ${JSON.stringify(value)}`);
}
