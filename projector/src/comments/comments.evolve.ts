import {
  EMPTY_COMMENT_INDEX,
  evolveCommentIndex,
  evolveCommentPresence,
  type CommentEvent,
  type CommentPresence,
} from '@planwerk/events';

// The `comments` read model (ADR 0006): one row per comment and the comment index per path
// (spec sections 3 and 5). Pure steps; the projection and its batch do the I/O around them.

export interface CommentRow {
  commentId: string;
  path: string;
  projectId: string;
  /** null once the comment is removed: its text is not kept. */
  text: string | null;
  /** null when the author erased their account (`authorRemoved`). */
  authorId: string | null;
  authorRemoved: boolean;
  addedAt: string;
  removed: boolean;
}

export interface CommentIndexRow {
  path: string;
  projectId: string;
  count: number;
  latestText: string | null;
}

export interface CommentStep {
  comment: CommentRow | null;
  index: CommentIndexRow | null;
}

function presenceOf(comment: CommentRow | null): CommentPresence {
  if (comment === null) return 'absent';
  return comment.removed ? 'removed' : 'live';
}

/** The comment path an event changes: a known comment keeps the path it was added on. */
export function pathOf(comment: CommentRow | null, event: CommentEvent): string {
  return comment?.path ?? event.data.path;
}

/**
 * The comment's row and its path's index after a comment event. A repeated add and the
 * removal of a comment that is not live leave both as they were (idempotent on re-delivery).
 */
export function evolveComment(known: CommentStep, event: CommentEvent): CommentStep {
  const presence = presenceOf(known.comment);
  const next = evolveCommentPresence(presence, event);
  if (next === presence) return known;
  const path = pathOf(known.comment, event);
  const before = known.index === null ? EMPTY_COMMENT_INDEX : { count: known.index.count, latest: known.index.latestText === null ? null : { text: known.index.latestText } };
  const after = evolveCommentIndex(before, presence, event);
  const index: CommentIndexRow = { path, projectId: event.data.projectId, count: after.count, latestText: after.latest?.text ?? null };
  switch (event.type) {
    case 'CommentAdded': {
      const d = event.data;
      return {
        comment: { commentId: d.commentId, path: d.path, projectId: d.projectId, text: d.text, authorId: d.authorId, authorRemoved: false, addedAt: d.at, removed: false },
        index,
      };
    }
    case 'CommentRemoved':
      // Only a live comment gets here (presence changed), so the row exists.
      return { comment: known.comment === null ? null : { ...known.comment, text: null, removed: true }, index };
    default:
      return assertNever(event);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected comment event ${JSON.stringify(value)}`);
}
