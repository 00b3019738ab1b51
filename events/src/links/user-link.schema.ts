import { z } from 'zod';
import { ACCESS_AREAS, ACCESS_LEVELS } from '../constants/access.constants';
import { LINK_OBJ_KINDS, type LinkObjKind } from '../constants/entities.constants';

// The link entry of spec section 3: what the console lists under "teams" and the shortcuts,
// one entry per linked object. Built from memberships (`team_members`) and saved links
// (`user_links`); see `listUserLinks`.

/** Every kind of link entry the spec names (section 3, "Link entry", obj). */
export const LINK_OBJECTS = LINK_OBJ_KINDS;
export type LinkObject = LinkObjKind;

export const linkAccessMapSchema = z.partialRecord(z.enum(ACCESS_AREAS), z.array(z.string()));

export const linkEntrySchema = z.object({
  /** The linked object's id (for `link_cc` the team id). */
  id: z.string(),
  /** The team's slug (`/team/{ccLink}`). */
  link: z.string(),
  /** Public hash of hash-addressed objects (forms, calendars, ...); null for teams. */
  hash: z.string().nullable(),
  obj: z.enum(LINK_OBJECTS),
  name: z.string(),
  team: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  access: z.object({
    level: z.enum(ACCESS_LEVELS),
    /** Owner and admin get the manage entry on links (spec section 6). */
    manage: z.boolean(),
    access: linkAccessMapSchema,
  }),
  /** Ids of the objects below the link that the entry covers; a team link lists none. */
  item: z.array(z.string()),
  cc_id: z.string().nullable(),
});
export type LinkEntry = z.infer<typeof linkEntrySchema>;
