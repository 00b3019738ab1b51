import { z } from 'zod';
import { CONNECTABLE_LINK_OBJECTS } from './link-kinds';

// "Linking needs obj and id" (spec section 5). Only kinds with a registered target are accepted.
const target = {
  obj: z.enum(CONNECTABLE_LINK_OBJECTS),
  id: z.string().trim().min(1).max(100),
};

/** POST /v5/user/link */
export const connectUserLinkBody = z.object(target);
export type ConnectUserLinkBody = z.infer<typeof connectUserLinkBody>;

/** DELETE /v5/user/link: without `force` the answer asks for confirmation (spec section 5). */
export const disconnectUserLinkBody = z.object({ ...target, force: z.boolean().default(false) });
export type DisconnectUserLinkBody = z.infer<typeof disconnectUserLinkBody>;
