import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { deleteAccountBody, endOtherSessionsQuery, putUserPreferencesBody, requestPasswordResetBody, resetPasswordBody } from './account-self-service.commands';
import { userPreferencesSchema } from './user-preferences.schema';

export const requestPasswordResetEndpoint = defineEndpoint({
  operationId: 'requestPasswordReset', method: 'POST', path: '/v5/auth/reset', service: 'command', tag: 'accounts', idempotencyKey: 'ignored',
  summary: 'Ask for a password reset link; the answer is the same whether or not the address is registered',
  body: requestPasswordResetBody,
  response: z.object({ requested: z.literal(true) }),
});

export const resetPasswordEndpoint = defineEndpoint({
  operationId: 'resetPassword', method: 'PUT', path: '/v5/auth/reset', service: 'command', tag: 'accounts', idempotencyKey: 'ignored',
  summary: 'Set a new password with the token of the reset link (/account/reset/{data}); other sessions end',
  body: resetPasswordBody,
  response: z.object({ changed: z.literal(true), endedSessions: z.number().int(), checkpoint: z.string() }),
});

export const sessionListItemSchema = z.object({
  id: z.uuid(),
  /** Spec section 9: the first 15 characters of the browser identifier. */
  device: z.string(),
  deviceId: z.string(),
  method: z.string(),
  created: z.string(),
  lastUsed: z.string(),
  current: z.boolean(),
});
export type SessionListItem = z.infer<typeof sessionListItemSchema>;

export const listUserSessionsEndpoint = defineEndpoint({
  operationId: 'listUserSessions', method: 'GET', path: '/v5/user/sessions', service: 'query', tag: 'accounts',
  summary: 'The signed-in user’s live sessions with device name, created, last use and the current flag',
  response: z.object({ sessions: z.array(sessionListItemSchema) }),
});

export const endUserSessionEndpoint = defineEndpoint({
  operationId: 'endUserSession', method: 'DELETE', path: '/v5/user/sessions/{sessionId}', service: 'command', tag: 'accounts',
  summary: 'End one of the signed-in user’s sessions (another user’s session answers 404)',
  response: z.object({ ended: z.number().int(), checkpoint: z.string() }),
});

export const endOtherUserSessionsEndpoint = defineEndpoint({
  operationId: 'endOtherUserSessions', method: 'DELETE', path: '/v5/user/sessions', service: 'command', tag: 'accounts',
  summary: 'End every session of the signed-in user except the current one (`others=true`)',
  query: endOtherSessionsQuery,
  response: z.object({ ended: z.number().int(), checkpoint: z.string() }),
});

export const getUserPreferencesEndpoint = defineEndpoint({
  operationId: 'getUserPreferences', method: 'GET', path: '/v5/user/{uid}/ui', service: 'query', tag: 'accounts',
  summary: 'The user’s shared preferences: theme, sidebar mode, view option, shortcut list',
  response: userPreferencesSchema,
});

export const putUserPreferencesEndpoint = defineEndpoint({
  operationId: 'putUserPreferences', method: 'PUT', path: '/v5/user/{uid}/ui', service: 'command', tag: 'accounts',
  summary: 'Change preferences (`mode: settings`) or remove a saved link (`mode: link_del`, silent when absent)',
  body: putUserPreferencesBody,
  response: userPreferencesSchema.extend({ checkpoint: z.string() }),
});

// Served by the command service: the export decrypts personal fields, and only it holds the key.
export const exportAccountDataEndpoint = defineEndpoint({
  operationId: 'exportAccountData', method: 'GET', path: '/v5/user/data', service: 'command', tag: 'accounts',
  summary: 'Everything stored about the signed-in person, built from the events and decrypted (/account/data)',
  response: z.record(z.string(), z.unknown()),
});

export const deleteAccountEndpoint = defineEndpoint({
  operationId: 'deleteAccount', method: 'DELETE', path: '/v5/user', service: 'command', tag: 'accounts',
  summary: 'Delete the account: the personal key is destroyed (crypto-shredding) and an erasure recorded',
  body: deleteAccountBody,
  response: z.object({ erased: z.literal(true), checkpoint: z.string() }),
});

export const accountSelfServiceEndpoints = [
  requestPasswordResetEndpoint, resetPasswordEndpoint, listUserSessionsEndpoint, endUserSessionEndpoint,
  endOtherUserSessionsEndpoint, getUserPreferencesEndpoint, putUserPreferencesEndpoint, exportAccountDataEndpoint,
  deleteAccountEndpoint,
] as const;
