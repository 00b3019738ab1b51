import { z } from 'zod';
import { defineEvent, unchangedData, type EventDataOf } from '../catalogue/event-definition';
import { parseCommentPath, storedCommentPathSchema } from './comment-path';

// Events of the comment stream `comments-<projectId>` (ADR 0006): one stream per project holds
// the comments on the project, its lists and its items, in order. The activity log shows the
// path and the author's id, never the text. The text is personal data of its author (rule 8):
// since schema version 2 it is encrypted with the author's key (metadata.personId =
// `commentPersonId`), and reads as null once that key is erased. Version 1 events hold it in
// plaintext and read unchanged (the upcaster only widens the schema).

export const COMMENT_TEXT_MAX = 5000;

export const commentTextSchema = z.string().trim().min(1).max(COMMENT_TEXT_MAX);

const instant = z.iso.datetime({ offset: true });

const comment = (id: string) => ({ kind: 'comment', id });

// The list a path points into (list or item comments), for the activity log's list filter.
function listOf(path: string): string | null {
  const target = parseCommentPath(path);
  return target !== null && target.kind !== 'project' ? target.listId : null;
}

export const CommentAdded = defineEvent({
  type: 'CommentAdded',
  feature: 'comments',
  schemaVersion: 2,
  personalFields: ['text'],
  upcasters: { 1: unchangedData },
  schema: z.object({
    projectId: z.uuid(),
    commentId: z.uuid(),
    path: storedCommentPathSchema,
    /** null once the author's key is erased. */
    text: commentTextSchema.nullable(),
    // null only for comments whose author is not a signed-in user.
    authorId: z.uuid().nullable(),
    at: instant,
  }),
  describe: (d) => ({
    object: comment(d.commentId), projectId: d.projectId, listId: listOf(d.path), action: 'comments.added',
    fields: { path: d.path, authorId: d.authorId },
  }),
});

export const CommentRemoved = defineEvent({
  type: 'CommentRemoved',
  feature: 'comments',
  schemaVersion: 1,
  schema: z.object({ projectId: z.uuid(), commentId: z.uuid(), path: storedCommentPathSchema }),
  describe: (d) => ({
    object: comment(d.commentId), projectId: d.projectId, listId: listOf(d.path), action: 'comments.removed',
    fields: {}, removesObject: true,
  }),
});

export const commentEvents = [CommentAdded, CommentRemoved] as const;

type Definitions = (typeof commentEvents)[number];

/** Every comment event as `{ type, data }`, a discriminated union on `type`. */
export type CommentEvent = {
  [D in Definitions as D['type']]: { type: D['type']; data: EventDataOf<D> };
}[Definitions['type']];

export type CommentAddedData = EventDataOf<typeof CommentAdded>;
export type CommentRemovedData = EventDataOf<typeof CommentRemoved>;

export const commentSchemaVersions = Object.fromEntries(commentEvents.map((e) => [e.type, e.schemaVersion])) as Record<CommentEvent['type'], number>;

export const commentsStreamId = (projectId: string): string => `comments-${projectId}`;
/** The person whose key encrypts a comment's text: its author, or the comment itself without one. */
export const commentPersonId = (authorId: string | null, commentId: string): string => authorId ?? `comment-${commentId}`;
