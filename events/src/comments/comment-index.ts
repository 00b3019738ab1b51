import type { CommentEvent } from './comment.events';

// The comment index of spec section 3 and the rule of section 5: adding a *new* comment
// increments `count` and sets `latest.text`; removing one decrements `count` and clears
// `latest`. Pure; the projector and the tests fold with it.

export interface CommentIndex {
  count: number;
  /** `text` is null when the author's key was erased (crypto-shredding). */
  latest: { text: string | null } | null;
}

/** What is known about a comment id before an event: never seen, live, or removed. */
export type CommentPresence = 'absent' | 'live' | 'removed';

export const EMPTY_COMMENT_INDEX: CommentIndex = { count: 0, latest: null };

/**
 * The index of the event's path after the event. A repeated add of a known comment id and
 * the removal of a comment that is not live change nothing, so re-delivered events are harmless.
 */
export function evolveCommentIndex(index: CommentIndex, presence: CommentPresence, event: CommentEvent): CommentIndex {
  switch (event.type) {
    case 'CommentAdded':
      if (presence !== 'absent') return index;
      return { count: index.count + 1, latest: { text: event.data.text } };
    case 'CommentRemoved':
      if (presence !== 'live') return index;
      return { count: Math.max(0, index.count - 1), latest: null };
    default:
      return assertNever(event);
  }
}

/** A comment's presence after an event about it. */
export function evolveCommentPresence(presence: CommentPresence, event: CommentEvent): CommentPresence {
  switch (event.type) {
    case 'CommentAdded':
      return presence === 'absent' ? 'live' : presence;
    case 'CommentRemoved':
      return presence === 'live' ? 'removed' : presence;
    default:
      return assertNever(event);
  }
}

export interface CommentIndexes {
  /** Index per canonical path. */
  indexes: Record<string, CommentIndex>;
  /** Presence per comment id, with the path it was added on. */
  comments: Record<string, { path: string; presence: CommentPresence }>;
}

export const initialCommentIndexes = (): CommentIndexes => ({ indexes: {}, comments: {} });

/** Folds one event into the indexes of a whole stream (tests and rebuild checks). */
export function evolveCommentIndexes(state: CommentIndexes, event: CommentEvent): CommentIndexes {
  const known = state.comments[event.data.commentId];
  const presence = known?.presence ?? 'absent';
  // A comment belongs to the path it was added on; a removal names that same path.
  const path = known?.path ?? event.data.path;
  const index = state.indexes[path] ?? EMPTY_COMMENT_INDEX;
  const nextPresence = evolveCommentPresence(presence, event);
  if (nextPresence === presence) return state;
  return {
    indexes: { ...state.indexes, [path]: evolveCommentIndex(index, presence, event) },
    comments: { ...state.comments, [event.data.commentId]: { path, presence: nextPresence } },
  };
}

function assertNever(value: never): never {
  throw new Error(`Unexpected comment event ${JSON.stringify(value)}`);
}
