import { z } from 'zod';
import { defineEvent } from '../catalogue/event-definition';
import { CONNECTABLE_LINK_OBJECTS } from './link-kinds';

// Stream `user-links-<userId>`: the links a user saved by connecting (spec section 6: logged-in
// users keep links in their account). No personal fields: ids and the object kind only.

const linkObject = z.enum(CONNECTABLE_LINK_OBJECTS);
const noContext = { projectId: null, listId: null } as const;

export const UserLinkConnected = defineEvent({
  type: 'UserLinkConnected',
  feature: 'links',
  schemaVersion: 1,
  schema: z.object({
    userId: z.uuid(),
    obj: linkObject,
    targetId: z.string().min(1),
    ccId: z.uuid(),
    connectedAt: z.iso.datetime(),
  }),
  describe: (data) => ({
    object: { kind: 'user_link', id: `${data.obj}:${data.targetId}` }, ...noContext,
    action: 'links.connected', fields: { obj: data.obj, targetId: data.targetId, ccId: data.ccId },
  }),
});

export const UserLinkDisconnected = defineEvent({
  type: 'UserLinkDisconnected',
  feature: 'links',
  schemaVersion: 1,
  schema: z.object({
    userId: z.uuid(),
    obj: linkObject,
    targetId: z.string().min(1),
    disconnectedAt: z.iso.datetime(),
  }),
  describe: (data) => ({
    object: { kind: 'user_link', id: `${data.obj}:${data.targetId}` }, ...noContext,
    action: 'links.disconnected', fields: { obj: data.obj, targetId: data.targetId }, removesObject: true,
  }),
});

export type UserLinkEvent =
  | { type: 'UserLinkConnected'; data: z.infer<typeof UserLinkConnected.schema> }
  | { type: 'UserLinkDisconnected'; data: z.infer<typeof UserLinkDisconnected.schema> };

export const userLinkEvents = [UserLinkConnected, UserLinkDisconnected] as const;

export const userLinkSchemaVersions: Record<UserLinkEvent['type'], number> = {
  UserLinkConnected: UserLinkConnected.schemaVersion,
  UserLinkDisconnected: UserLinkDisconnected.schemaVersion,
};

export const userLinksStream = (userId: string): string => `user-links-${userId}`;
