import type { getProjectEmbedEndpoint, getProjectViewEndpoint } from '@planwerk/events/projects/project-queries.endpoints';
import type { addSignUpEndpoint, cancelSignUpEndpoint, changeSignUpEndpoint } from '@planwerk/events/signups/signup.endpoints';
import { api } from '../../app/api';
import { fromContract, route, type RequestOf, type ResponseOf } from '../../app/contract';

// The public project view and the sign-up commands (events/src/projects/project-queries.endpoints.ts,
// events/src/signups/signup.endpoints.ts). Password projects send `x-project-password`, a
// visitor's own sign-up `x-signup-token` (ADR 0006). Every type here comes from the declarations.

export const PROJECT_PASSWORD_HEADER = 'x-project-password';
export const SIGNUP_TOKEN_HEADER = 'x-signup-token';

type ProjectViewAnswer = ResponseOf<typeof getProjectViewEndpoint>;
type AddSignUpBody = RequestOf<typeof addSignUpEndpoint>['body'];
type ChangeSignUpBody = RequestOf<typeof changeSignUpEndpoint>['body'];

export type SignUpValues = NonNullable<AddSignUpBody['values']>;
export type AddSignUpAnswer = ResponseOf<typeof addSignUpEndpoint>;

export type AddSignUpInput = AddSignUpBody & {
  projectId: string;
  listId: string;
  password?: string;
  /** The same key for a retry of the same sign-up: the server then books nothing more. */
  idempotencyKey?: string;
};

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

const projectTag = (projectId: string) => ({ type: 'Project' as const, id: projectId });
const anyView = { type: 'ProjectView' as const, id: 'ANY' };
const viewTags = (result: ProjectViewAnswer | undefined) => (result ? [projectTag(result.project.projectId), anyView] : [anyView]);
const touched = (_result: unknown, _error: unknown, { projectId }: { projectId: string }) => [projectTag(projectId), anyView, 'Projects' as const];

export const signupsApi = api.enhanceEndpoints({ addTagTypes: ['Project', 'ProjectView', 'Projects'] }).injectEndpoints({
  endpoints: (build) => ({
    getProjectView: build.query({
      ...fromContract(route<typeof getProjectViewEndpoint>('GET /v5/project/view/{prjLink}', 'minCheckpoint'), ({ link, password }: { link: string; password?: string; signedIn: boolean }) => ({
        params: { prjLink: link.toLowerCase() }, headers: headersOf({ password }),
      })),
      providesTags: viewTags,
    }),
    getProjectEmbed: build.query({
      ...fromContract(route<typeof getProjectEmbedEndpoint>('GET /v5/embed/project/{hash}', 'minCheckpoint'), ({ hash }: { hash: string; signedIn: boolean }) => ({ params: { hash } })),
      providesTags: viewTags,
    }),
    addSignUp: build.mutation({
      ...fromContract(route<typeof addSignUpEndpoint>('POST /v5/project/{projectId}/list/{listId}/signup'), ({ projectId, listId, password, idempotencyKey, ...body }: AddSignUpInput) => ({
        params: { projectId, listId }, body,
        headers: { ...headersOf({ password }), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      })),
      invalidatesTags: touched,
    }),
    changeSignUp: build.mutation({
      ...fromContract(route<typeof changeSignUpEndpoint>('PUT /v5/project/{projectId}/list/{listId}/signup/{signupId}'), ({ projectId, listId, signupId, body, ...ref }: SignUpRef & { body: ChangeSignUpBody }) => ({
        params: { projectId, listId, signupId }, body, headers: headersOf(ref),
      })),
      invalidatesTags: touched,
    }),
    cancelSignUp: build.mutation({
      ...fromContract(route<typeof cancelSignUpEndpoint>('DELETE /v5/project/{projectId}/list/{listId}/signup/{signupId}'), ({ projectId, listId, signupId, ...ref }: SignUpRef) => ({
        params: { projectId, listId, signupId }, headers: headersOf(ref),
      })),
      invalidatesTags: touched,
    }),
  }),
});

export const { useGetProjectViewQuery, useGetProjectEmbedQuery, useAddSignUpMutation, useChangeSignUpMutation, useCancelSignUpMutation } = signupsApi;
