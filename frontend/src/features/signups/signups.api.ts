import type { getProjectEmbedEndpoint, getProjectViewEndpoint } from '@planwerk/events/projects/project-queries.endpoints';
import type { addSignupEndpoint, cancelSignupEndpoint, changeSignupEndpoint, getOwnSignupEndpoint } from '@planwerk/events/signups/signup.endpoints';
import { api } from '../../app/api';
import { fromContract, route, type RequestOf, type ResponseOf } from '../../app/contract';

// The public project view and the sign-up commands (events/src/projects/project-queries.endpoints.ts,
// events/src/signups/signup.endpoints.ts). Password projects send `x-project-password`, a
// visitor's own sign-up `x-signup-token` (ADR 0006). Every type here comes from the declarations.

export const PROJECT_PASSWORD_HEADER = 'x-project-password';
export const SIGNUP_TOKEN_HEADER = 'x-signup-token';

type ProjectViewAnswer = ResponseOf<typeof getProjectViewEndpoint>;
type AddSignupBody = RequestOf<typeof addSignupEndpoint>['body'];
type ChangeSignupBody = RequestOf<typeof changeSignupEndpoint>['body'];

export type SignupValues = NonNullable<AddSignupBody['values']>;
export type AddSignupAnswer = ResponseOf<typeof addSignupEndpoint>;
export type OwnSignupAnswer = ResponseOf<typeof getOwnSignupEndpoint>;

export type AddSignupInput = AddSignupBody & {
  projectId: string;
  listId: string;
  password?: string;
  /** The same key for a retry of the same sign-up: the server then books nothing more. */
  idempotencyKey?: string;
};

interface SignupRef {
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
    // The private link of the confirmation mail: one's own sign-up, read with its token.
    getOwnSignup: build.query({
      ...fromContract(route<typeof getOwnSignupEndpoint>('GET /v5/project/{projectId}/list/{listId}/signup/{signupId}'), ({ projectId, listId, signupId, ...ref }: SignupRef) => ({
        params: { projectId, listId, signupId }, headers: headersOf(ref),
      })),
    }),
    addSignup: build.mutation({
      ...fromContract(route<typeof addSignupEndpoint>('POST /v5/project/{projectId}/list/{listId}/signup'), ({ projectId, listId, password, idempotencyKey, ...body }: AddSignupInput) => ({
        params: { projectId, listId }, body,
        headers: { ...headersOf({ password }), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      })),
      invalidatesTags: touched,
    }),
    changeSignup: build.mutation({
      ...fromContract(route<typeof changeSignupEndpoint>('PUT /v5/project/{projectId}/list/{listId}/signup/{signupId}'), ({ projectId, listId, signupId, body, ...ref }: SignupRef & { body: ChangeSignupBody }) => ({
        params: { projectId, listId, signupId }, body, headers: headersOf(ref),
      })),
      invalidatesTags: touched,
    }),
    cancelSignup: build.mutation({
      ...fromContract(route<typeof cancelSignupEndpoint>('DELETE /v5/project/{projectId}/list/{listId}/signup/{signupId}'), ({ projectId, listId, signupId, ...ref }: SignupRef) => ({
        params: { projectId, listId, signupId }, headers: headersOf(ref),
      })),
      invalidatesTags: touched,
    }),
  }),
});

export const { useGetProjectViewQuery, useGetProjectEmbedQuery, useGetOwnSignupQuery, useAddSignupMutation, useChangeSignupMutation, useCancelSignupMutation } = signupsApi;
