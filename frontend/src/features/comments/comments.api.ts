import type {
  addCommentEndpoint, getCommentDetailsEndpoint, getCommentIndexEndpoint, removeCommentEndpoint,
} from '@planwerk/events/comments/comment.endpoints';
import { api } from '../../app/api';
import { fromContract, route } from '../../app/contract';

// Comments on a project, list or item (events/src/comments/comment.endpoints.ts): paths
// prj.{prj_id}, list.{prj_id}.{id}, list_item.{prj_id}.{list_id}.{id} (spec section 3).
// The answer types come from the declarations.

export const commentPath = {
  project: (projectId: string) => `prj.${projectId}`,
  list: (projectId: string, listId: string) => `list.${projectId}.${listId}`,
  item: (projectId: string, listId: string, itemId: string) => `list_item.${projectId}.${listId}.${itemId}`,
};

const tag = (path: string) => ({ type: 'Comments' as const, id: path });

export const commentsApi = api.enhanceEndpoints({ addTagTypes: ['Comments'] }).injectEndpoints({
  endpoints: (build) => ({
    getCommentIndex: build.query({
      ...fromContract(route<typeof getCommentIndexEndpoint>('GET /v5/comment', 'minCheckpoint'), (path: string) => ({ params: {}, query: { path } })),
      providesTags: (_result, _error, path) => [tag(path)],
    }),
    getCommentDetails: build.query({
      ...fromContract(route<typeof getCommentDetailsEndpoint>('GET /v5/comment/details', 'minCheckpoint'), (path: string) => ({ params: {}, query: { path } })),
      providesTags: (_result, _error, path) => [tag(path)],
    }),
    addComment: build.mutation({
      ...fromContract(route<typeof addCommentEndpoint>('POST /v5/comment'), (body: { path: string; text: string }) => ({ params: {}, body })),
      invalidatesTags: (_result, _error, { path }) => [tag(path)],
    }),
    removeComment: build.mutation({
      ...fromContract(route<typeof removeCommentEndpoint>('DELETE /v5/comment/{commentId}'), ({ commentId, path }: { commentId: string; path: string }) => ({
        params: { commentId }, query: { path },
      })),
      invalidatesTags: (_result, _error, { path }) => [tag(path)],
    }),
  }),
});

export const { useGetCommentIndexQuery, useGetCommentDetailsQuery, useAddCommentMutation, useRemoveCommentMutation } = commentsApi;
