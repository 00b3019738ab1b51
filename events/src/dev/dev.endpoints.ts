import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { minCheckpointQuery } from '../platform/platform.endpoints';

// Developer tools (spec section 2: /dev, dev status only). Served only in development mode;
// otherwise the mailbox answers 404 as if it did not exist.

export const devStatusSchema = z.object({ devMode: z.boolean() });
export type DevStatus = z.infer<typeof devStatusSchema>;

export const devMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  toName: z.string().nullable(),
  subject: z.string(),
  language: z.string(),
  /** ISO 8601 time the local mailbox received the mail. */
  received: z.string(),
  text: z.string(),
  html: z.string(),
  /** Attached files (a sign-up's calendar entry), their content as text. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() })).optional(),
});
export type DevMail = z.infer<typeof devMailSchema>;

export const DEV_MAILBOX_DEFAULT_LIMIT = 50;
export const DEV_MAILBOX_MAX_LIMIT = 200;

// Not a read model: minCheckpoint is accepted like on every query, there is nothing to wait for.
export const devMailboxQuery = minCheckpointQuery.extend({
  limit: z.coerce.number().int().min(1).max(DEV_MAILBOX_MAX_LIMIT).default(DEV_MAILBOX_DEFAULT_LIMIT),
});
export type DevMailboxQuery = z.infer<typeof devMailboxQuery>;

export const getDevStatusEndpoint = defineEndpoint({
  operationId: 'getDevStatus',
  method: 'GET',
  path: '/v5/dev/status',
  service: 'query',
  tag: 'dev',
  summary: 'Whether the developer tools are open to this caller: development mode on and the caller on this machine (the console then shows them)',
  query: minCheckpointQuery,
  response: devStatusSchema,
});

export const listDevMailboxEndpoint = defineEndpoint({
  operationId: 'listDevMailbox',
  method: 'GET',
  path: '/v5/dev/mailbox',
  service: 'query',
  tag: 'dev',
  summary: 'Development mode only: the newest mails delivered into the local mailbox (no SMTP_URL)',
  query: devMailboxQuery,
  response: z.object({ mails: z.array(devMailSchema) }),
});

export const devEndpoints = [getDevStatusEndpoint, listDevMailboxEndpoint] as const;
