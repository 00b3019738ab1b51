import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { accountSelfServiceEndpoints } from './account-self-service.endpoints';
import { accountDetailsQuery, linkTokenBody, logInBody, sessionTokenBody, registerBody } from './account.commands';

// The spec's User fields that exist so far (section 3).
export const accountUserSchema = z.object({
  uid: z.uuid(),
  name: z.string(),
  vorname: z.string(),
  nachname: z.string(),
  mail: z.string(),
  type: z.literal('user'),
  login_type: z.enum(['password', 'social']),
  status: z.enum(['active']),
  mail_status: z.enum(['confirmed']),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

export const loginAnswerSchema = z.union([
  z.object({ token: z.string(), user: accountUserSchema }),
  // A second factor is on: `POST /v5/auth/secure` completes the login with this state.
  z.object({ mode: z.literal('2fa'), state: z.string() }),
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const registerEndpoint = defineEndpoint({
  operationId: 'register', method: 'POST', path: '/v5/auth', service: 'command', tag: 'accounts', idempotencyKey: 'ignored',
  summary: 'Register with e-mail and password; an activation mail (and below 16 a parent mail) follows',
  body: registerBody,
  successStatus: 201,
  response: z.object({ uid: z.uuid(), checkpoint: z.string() }),
});

export const activateAccountEndpoint = defineEndpoint({
  operationId: 'activateAccount', method: 'POST', path: '/v5/auth/activate', service: 'command', tag: 'accounts', idempotencyKey: 'ignored',
  summary: 'Activate an account with the token of the activation link (/account/activate/{data})',
  body: linkTokenBody,
  response: z.object({ active: z.boolean(), checkpoint: z.string() }),
});

export const confirmParentConsentEndpoint = defineEndpoint({
  operationId: 'confirmParentConsent', method: 'POST', path: '/v5/auth/parent-confirm', service: 'command', tag: 'accounts', idempotencyKey: 'ignored',
  summary: 'A parent confirms a child account with the token of the link (/account/child/{data})',
  body: linkTokenBody,
  response: z.object({ active: z.boolean(), checkpoint: z.string() }),
});

export const logInEndpoint = defineEndpoint({
  operationId: 'logIn', method: 'PUT', path: '/v5/auth', service: 'command', tag: 'accounts', idempotencyKey: 'ignored',
  summary: 'Log in with e-mail and password: a session token `token.device`, or mode 2fa',
  body: logInBody,
  response: loginAnswerSchema,
});

export const restoreSessionEndpoint = defineEndpoint({
  operationId: 'restoreSession', method: 'PUT', path: '/v5/auth/token', service: 'command', tag: 'accounts', idempotencyKey: 'ignored',
  summary: 'Token restore: the same session answered as a relogin with the user data',
  body: sessionTokenBody,
  response: z.object({ token: z.string(), user: accountUserSchema }),
});

export const logOutEndpoint = defineEndpoint({
  operationId: 'logOut', method: 'POST', path: '/v5/auth/logout', service: 'command', tag: 'accounts', idempotencyKey: 'ignored',
  summary: 'Log out: the session is revoked on the server',
  body: sessionTokenBody,
  response: z.object({ loggedOut: z.literal(true) }),
});

export const getAccountDetailsEndpoint = defineEndpoint({
  operationId: 'getAccountDetails', method: 'GET', path: '/v5/auth/details', service: 'query', tag: 'accounts',
  summary: 'The login type of the account with this uid and e-mail (password or a social provider)',
  query: accountDetailsQuery,
  response: z.object({ type: z.string() }),
});

export const accountEndpoints = [
  registerEndpoint, activateAccountEndpoint, confirmParentConsentEndpoint, logInEndpoint,
  restoreSessionEndpoint, logOutEndpoint, getAccountDetailsEndpoint, ...accountSelfServiceEndpoints,
] as const;
