import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { supportMessageSchema, supportSubjectSchema } from './support.events';

// POST /v5/team/{teamId}/support: a team's owner or admin writes to the operator of this
// installation; the operator gets it by mail and answers to the requester's address.
export const requestSupportBody = z.object({ subject: supportSubjectSchema, message: supportMessageSchema }).strict();
export type RequestSupportBody = z.infer<typeof requestSupportBody>;

export const requestSupportEndpoint = defineEndpoint({
  operationId: 'requestSupport', method: 'POST', path: '/v5/team/{teamId}/support', service: 'command', tag: 'support',
  summary: 'Write to the operator of this installation for the team; the operator gets it by mail with the requester as Reply-To (owner or admin)',
  body: requestSupportBody,
  response: z.object({ requestId: z.uuid(), checkpoint: z.string() }),
});

export const supportEndpoints = [requestSupportEndpoint] as const;
