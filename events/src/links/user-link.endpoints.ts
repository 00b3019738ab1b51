import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { connectUserLinkBody, disconnectUserLinkBody } from './user-link.commands';
import { linkEntrySchema } from './user-link.schema';

export const listUserLinksEndpoint = defineEndpoint({
  operationId: 'listUserLinks', method: 'GET', path: '/v5/user/link', service: 'query', tag: 'links',
  summary: 'The signed-in user’s link list: teams they belong to and links they saved by connecting',
  response: z.object({ links: z.array(linkEntrySchema) }),
});

export const connectUserLinkEndpoint = defineEndpoint({
  operationId: 'connectUserLink', method: 'POST', path: '/v5/user/link', service: 'command', tag: 'links',
  summary: 'Connect to a team (obj link_cc, id = team id or link); answers "Du wurdest mit {name} verbunden"',
  body: connectUserLinkBody,
  response: z.object({
    team: z.object({ cc_id: z.uuid(), link: z.string(), name: z.string() }),
    link: z.string(),
    add_link: linkEntrySchema,
    text: z.string(),
    checkpoint: z.string(),
  }),
});

export const disconnectUserLinkEndpoint = defineEndpoint({
  operationId: 'disconnectUserLink', method: 'DELETE', path: '/v5/user/link', service: 'command', tag: 'links',
  summary: 'Disconnect a saved link; without `force: true` the answer is 409 `confirmation_required`',
  body: disconnectUserLinkBody,
  response: z.object({ disconnected: z.literal(true), checkpoint: z.string() }),
});

export const userLinkEndpoints = [listUserLinksEndpoint, connectUserLinkEndpoint, disconnectUserLinkEndpoint] as const;
