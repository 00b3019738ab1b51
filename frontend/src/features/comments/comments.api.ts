import { api } from '../../app/api';
import { noted, queryString, withCheckpoint } from '../../shared/read-your-writes';

// Comments on a project, list or item (events/src/comments/comment.endpoints.ts): paths
// prj.{prj_id}, list.{prj_id}.{id}, list_item.{prj_id}.{list_id}.{id} (spec section 3).

export interface CommentIndex {
  count: number;
  latest: { text: string } | null;
}

export interface CommentItem {
  id: string;
  path: string;
  text: string;
  authorId: string | null;
  authorName: string | null;
  authorRemoved: boolean;
  at: string;
}

export interface CommentDetails extends CommentIndex {
  items: CommentItem[];
}

export const commentPath = {
  project: (projectId: string) => `prj.${projectId}`,
  list: (projectId: string, listId: string) => `list.${projectId}.${listId}`,
  item: (projectId: string, listId: string, itemId: string) => `list_item.${projectId}.${listId}.${itemId}`,
};

const tag = (path: string) => ({ type: 'Comments' as const, id: path });

export const commentsApi = api.enhanceEndpoints({ addTagTypes: ['Comments'] }).injectEndpoints({
  endpoints: (build) => ({
    getCommentIndex: build.query<CommentIndex, string>({
      query: (path) => withCheckpoint(`comment${queryString({ path })}`),
      providesTags: (_result, _error, path) => [tag(path)],
    }),
    getCommentDetails: build.query<CommentDetails, string>({
      query: (path) => withCheckpoint(`comment/details${queryString({ path })}`),
      providesTags: (_result, _error, path) => [tag(path)],
    }),
    addComment: build.mutation<{ commentId: string; checkpoint: string }, { path: string; text: string }>({
      query: (body) => ({ url: 'comment', method: 'POST', body }),
      transformResponse: noted,
      invalidatesTags: (_result, _error, { path }) => [tag(path)],
    }),
    removeComment: build.mutation<{ removed: boolean; checkpoint: string }, { commentId: string; path: string }>({
      query: ({ commentId, path }) => ({ url: `comment/${encodeURIComponent(commentId)}${queryString({ path })}`, method: 'DELETE' }),
      transformResponse: noted,
      invalidatesTags: (_result, _error, { path }) => [tag(path)],
    }),
  }),
});

export const { useGetCommentIndexQuery, useGetCommentDetailsQuery, useAddCommentMutation, useRemoveCommentMutation } = commentsApi;
