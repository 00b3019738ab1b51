import { z } from 'zod';
import { commentPathSchema } from './comment-path';
import { commentTextSchema } from './comment.events';
import { minCheckpointQuery } from '../platform/platform.endpoints';

// POST /v5/comment — a comment on a project, list or item (spec section 7).
export const addCommentBody = z.object({ path: commentPathSchema, text: commentTextSchema }).strict();
export type AddCommentBody = z.infer<typeof addCommentBody>;

// DELETE /v5/comment/{commentId}?path= — the path the comment was added on.
export const removeCommentParams = z.object({ commentId: z.uuid() });
export const removeCommentQuery = z.object({ path: commentPathSchema });

// GET /v5/comment?path= and GET /v5/comment/details?path=.
export const commentQuery = minCheckpointQuery.extend({ path: commentPathSchema });
export type CommentQuery = z.infer<typeof commentQuery>;
