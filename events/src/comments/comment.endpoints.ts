import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { addCommentBody, commentQuery, removeCommentQuery } from './comment.commands';

const checkpoint = z.string();
const tag = 'comments';

// The comment index of spec section 3: count and latest {text}.
export const commentIndexSchema = z.object({
  count: z.number().int().min(0),
  latest: z.object({ text: z.string() }).nullable(),
});
export type CommentIndexAnswer = z.infer<typeof commentIndexSchema>;

export const commentItemSchema = z.object({
  id: z.uuid(),
  path: z.string(),
  text: z.string(),
  /** null when the author erased their account (`authorRemoved`). */
  authorId: z.uuid().nullable(),
  authorName: z.string().nullable(),
  authorRemoved: z.boolean(),
  at: z.string(),
});
export type CommentItem = z.infer<typeof commentItemSchema>;

export const commentDetailsSchema = commentIndexSchema.extend({ items: z.array(commentItemSchema) });
export type CommentDetails = z.infer<typeof commentDetailsSchema>;

export const addCommentEndpoint = defineEndpoint({
  operationId: 'addComment', method: 'POST', path: '/v5/comment', service: 'command', tag,
  summary: 'Comment on a project, list or item (signed-in users who can view the project)',
  body: addCommentBody,
  successStatus: 201,
  response: z.object({ commentId: z.uuid(), path: z.string(), checkpoint }),
});

export const removeCommentEndpoint = defineEndpoint({
  operationId: 'removeComment', method: 'DELETE', path: '/v5/comment/{commentId}', service: 'command', tag,
  summary: 'Remove a comment (its author, or an admin of the project)',
  query: removeCommentQuery,
  response: z.object({ commentId: z.uuid(), path: z.string(), removed: z.boolean(), checkpoint }),
});

export const getCommentIndexEndpoint = defineEndpoint({
  operationId: 'getCommentIndex', method: 'GET', path: '/v5/comment', service: 'query', tag,
  summary: 'The comment index of a path: count and latest text (an unknown path answers 0 and null)',
  query: commentQuery,
  response: commentIndexSchema,
});

export const getCommentDetailsEndpoint = defineEndpoint({
  operationId: 'getCommentDetails', method: 'GET', path: '/v5/comment/details', service: 'query', tag,
  summary: 'The comment index of a path with its comments, newest first',
  query: commentQuery,
  response: commentDetailsSchema,
});

export const commentEndpoints = [addCommentEndpoint, removeCommentEndpoint, getCommentIndexEndpoint, getCommentDetailsEndpoint] as const;
