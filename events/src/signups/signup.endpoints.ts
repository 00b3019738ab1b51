import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { changeSignupBody, confirmAttendanceBody, notifyListBody, addSignupBody } from './signup.commands';
import { SIGNUP_STATUSES, signupValueSchema, voteAnswerSchema } from './signup.events';

const tag = 'signups';
const checkpoint = z.string();
const status = z.enum(SIGNUP_STATUSES);
const manage = '/v5/team/{teamId}/project/{projectId}';

// Sign-up routes of ADR 0006. Public calls name the project and list and check visibility in
// the service (header `x-project-password` for password projects, `x-signup-token` for a
// visitor's own sign-up); management calls are under the team (manage_prj).

export const addSignupEndpoint = defineEndpoint({
  operationId: 'addSignup', method: 'POST', path: '/v5/project/{projectId}/list/{listId}/signup', service: 'command', tag,
  summary: 'Sign up for an item of a list (member, visitor with name, or admin on behalf); 2001–2004, list_full',
  body: addSignupBody,
  successStatus: 201,
  // Honours Idempotency-Key: a retry books nothing more and answers the first answer. A visitor's
  // private token is derived from the key, so the stored answer never holds it (ADR 0004).
  response: z.object({
    signupId: z.uuid(),
    itemId: z.uuid(),
    status,
    /** 1-based place on the item's waitlist; null when placed. */
    position: z.number().int().positive().nullable(),
    /** A visitor's private token, returned once (needed to change or cancel); null otherwise. */
    token: z.string().nullable(),
    checkpoint,
  }),
});

export const changeSignupEndpoint = defineEndpoint({
  operationId: 'changeSignup', method: 'PUT', path: '/v5/project/{projectId}/list/{listId}/signup/{signupId}', service: 'command', tag,
  summary: 'Change a sign-up (own, with x-signup-token for a visitor, or any as admin): item, name, values, vote',
  body: changeSignupBody,
  response: z.object({ signupId: z.uuid(), itemId: z.uuid(), status, promoted: z.array(z.uuid()), checkpoint }),
});

export const cancelSignupEndpoint = defineEndpoint({
  operationId: 'cancelSignup', method: 'DELETE', path: '/v5/project/{projectId}/list/{listId}/signup/{signupId}', service: 'command', tag,
  summary: 'Cancel a sign-up; the first waitlisted sign-up of the item moves up',
  response: z.object({ signupId: z.uuid(), promoted: z.array(z.uuid()), checkpoint }),
});

// The private link of a visitor's confirmation mail (issue 14) opens /{prjLink}/signup with the
// list, the sign-up and its token behind `#`; the page asks for the sign-up with the token in
// `x-signup-token` (never in the URL), on any device.
export const getOwnSignupEndpoint = defineEndpoint({
  operationId: 'getOwnSignup', method: 'GET', path: '/v5/project/{projectId}/list/{listId}/signup/{signupId}', service: 'command', tag,
  summary: 'A visitor\'s own sign-up, read with its private token (x-signup-token): item, name, values, vote, status, waitlist place',
  response: z.object({
    signupId: z.uuid(),
    listId: z.uuid(),
    itemId: z.uuid(),
    name: z.string().nullable(),
    values: z.record(z.string(), signupValueSchema),
    vote: voteAnswerSchema.nullable(),
    status,
    position: z.number().int().positive().nullable(),
  }),
});

export const confirmAttendanceEndpoint = defineEndpoint({
  operationId: 'confirmAttendance', method: 'PUT', path: `${manage}/list/{listId}/attendance`, service: 'command', tag,
  summary: 'Confirm (or withdraw) attendance of sign-ups of a list with manual attendance (manage_prj)',
  body: confirmAttendanceBody,
  response: z.object({ listId: z.uuid(), signupIds: z.array(z.uuid()), attended: z.boolean(), checkpoint }),
});

export const clearItemSignupsEndpoint = defineEndpoint({
  operationId: 'clearItemSignups', method: 'DELETE', path: `${manage}/list/{listId}/item/{itemId}/signups`, service: 'command', tag,
  summary: 'Delete every sign-up of an item (manage_prj)',
  response: z.object({ listId: z.uuid(), itemId: z.uuid(), cleared: z.number().int().nonnegative(), checkpoint }),
});

export const cleanListEndpoint = defineEndpoint({
  operationId: 'cleanList', method: 'POST', path: `${manage}/list/{listId}/clean`, service: 'command', tag,
  summary: 'Delete every sign-up of a list (manage_prj)',
  response: z.object({ listId: z.uuid(), cleared: z.number().int().nonnegative(), checkpoint }),
});

export const cleanProjectEndpoint = defineEndpoint({
  operationId: 'cleanProject', method: 'POST', path: `${manage}/clean`, service: 'command', tag,
  summary: 'Delete every sign-up of every list of a project in one transaction (manage_prj)',
  response: z.object({ projectId: z.uuid(), lists: z.number().int().nonnegative(), cleared: z.number().int().nonnegative(), checkpoint }),
});

export const notifyListEndpoint = defineEndpoint({
  operationId: 'notifyList', method: 'POST', path: `${manage}/list/{listId}/notify`, service: 'command', tag,
  summary: 'Mail a notice to every member signed up in a list (manage_prj); visitors have no address',
  body: notifyListBody,
  successStatus: 202,
  response: z.object({ listId: z.uuid(), noticeId: z.uuid(), recipients: z.number().int().nonnegative(), checkpoint }),
});

export const signupEndpoints = [
  addSignupEndpoint, changeSignupEndpoint, cancelSignupEndpoint, getOwnSignupEndpoint, confirmAttendanceEndpoint, clearItemSignupsEndpoint,
  cleanListEndpoint, cleanProjectEndpoint, notifyListEndpoint,
] as const;
