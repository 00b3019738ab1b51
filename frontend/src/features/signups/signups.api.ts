import { api } from '../../app/api';
import { noted, withCheckpoint } from '../../shared/read-your-writes';
import type { ProjectView, SignUpStatus } from '../projects';

// The public project view and the sign-up commands (events/src/projects/project-queries.endpoints.ts,
// events/src/signups/signup.endpoints.ts). Password projects send `x-project-password`, a
// visitor's own sign-up `x-signup-token` (ADR 0006).

export const PROJECT_PASSWORD_HEADER = 'x-project-password';
export const SIGNUP_TOKEN_HEADER = 'x-signup-token';

const enc = encodeURIComponent;
const projectTag = (projectId: string) => ({ type: 'Project' as const, id: projectId });
const viewTags = (result: ProjectView | undefined) => (result ? [projectTag(result.project.projectId), { type: 'ProjectView' as const, id: 'ANY' }] : [{ type: 'ProjectView' as const, id: 'ANY' }]);

export type SignUpValues = Record<string, string | number | boolean | null>;

export interface AddSignUpInput {
  projectId: string;
  listId: string;
  itemId: string;
  name?: string | null;
  userId?: string | null;
  values: SignUpValues;
  vote: string | null;
  password?: string;
  /** The same key for a retry of the same sign-up: the server then books nothing more. */
  idempotencyKey?: string;
}

export interface AddSignUpAnswer {
  signupId: string;
  itemId: string;
  status: SignUpStatus;
  position: number | null;
  token: string | null;
  checkpoint: string;
}

interface SignUpRef {
  projectId: string;
  listId: string;
  signupId: string;
  token?: string;
  password?: string;
}

function headersOf(ref: { token?: string; password?: string }): Record<string, string> {
  const headers: Record<string, string> = {};
  if (ref.token) headers[SIGNUP_TOKEN_HEADER] = ref.token;
  if (ref.password) headers[PROJECT_PASSWORD_HEADER] = ref.password;
  return headers;
}

const touched = (_result: unknown, _error: unknown, { projectId }: { projectId: string }) => [projectTag(projectId), { type: 'ProjectView' as const, id: 'ANY' }, 'Projects' as const];

export const signupsApi = api.enhanceEndpoints({ addTagTypes: ['Project', 'ProjectView', 'Projects'] }).injectEndpoints({
  endpoints: (build) => ({
    getProjectView: build.query<ProjectView, { link: string; password?: string; signedIn: boolean }>({
      query: ({ link, password }) => ({ url: withCheckpoint(`project/view/${enc(link.toLowerCase())}`), headers: headersOf({ password }) }),
      providesTags: viewTags,
    }),
    getProjectEmbed: build.query<ProjectView, { hash: string; signedIn: boolean }>({
      query: ({ hash }) => withCheckpoint(`embed/project/${enc(hash)}`),
      providesTags: viewTags,
    }),
    addSignUp: build.mutation<AddSignUpAnswer, AddSignUpInput>({
      query: ({ projectId, listId, password, idempotencyKey, ...body }) => ({
        url: `project/${enc(projectId)}/list/${enc(listId)}/signup`, method: 'POST', body,
        headers: { ...headersOf({ password }), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      }),
      transformResponse: noted,
      invalidatesTags: touched,
    }),
    changeSignUp: build.mutation<{ status: SignUpStatus; itemId: string; checkpoint: string }, SignUpRef & { body: { itemId?: string; name?: string | null; values?: SignUpValues; vote?: string | null } }>({
      query: ({ projectId, listId, signupId, body, ...ref }) => ({
        url: `project/${enc(projectId)}/list/${enc(listId)}/signup/${enc(signupId)}`, method: 'PUT', body, headers: headersOf(ref),
      }),
      transformResponse: noted,
      invalidatesTags: touched,
    }),
    cancelSignUp: build.mutation<{ promoted: string[]; checkpoint: string }, SignUpRef>({
      query: ({ projectId, listId, signupId, ...ref }) => ({
        url: `project/${enc(projectId)}/list/${enc(listId)}/signup/${enc(signupId)}`, method: 'DELETE', headers: headersOf(ref),
      }),
      transformResponse: noted,
      invalidatesTags: touched,
    }),
  }),
});

export const { useGetProjectViewQuery, useGetProjectEmbedQuery, useAddSignUpMutation, useChangeSignUpMutation, useCancelSignUpMutation } = signupsApi;
