import { z } from 'zod';
import { PLANS, TEAM_TYPES } from '../constants/entities.constants';
import {
  RESERVED_TEAM_LINKS,
  logoUrlSchema,
  teamDesignSchema,
  teamLinkSchema,
  teamNameSchema,
  teamSettingsSchema,
} from './team.events';

const reserved: ReadonlySet<string> = new Set(RESERVED_TEAM_LINKS);

// Links are compared lower-cased (route matching is case-insensitive, spec section 2).
export const newTeamLinkSchema = z
  .string()
  .trim()
  .transform((link) => link.toLowerCase())
  .pipe(teamLinkSchema)
  .refine((link) => !reserved.has(link), 'this link is reserved');

// POST /v5/team — only the fields a new team may set (no plan, no owner: mass assignment).
export const createTeamBody = z.object({
  name: teamNameSchema,
  link: newTeamLinkSchema,
  type: z.enum(TEAM_TYPES),
  logoUrl: logoUrlSchema.nullable().default(null),
  design: teamDesignSchema.default({}),
  set: teamSettingsSchema.partial().strict().default({}),
}).strict();
export type CreateTeamBody = z.infer<typeof createTeamBody>;

// PUT /v5/team/{teamId} — team settings (owner or admin, spec section 6).
export const changeTeamSettingsBody = z.object({
  name: teamNameSchema.optional(),
  logoUrl: logoUrlSchema.nullable().optional(),
  design: teamDesignSchema.optional(),
  set: teamSettingsSchema.partial().strict().optional(),
}).strict().refine((body) => Object.values(body).some((value) => value !== undefined), 'nothing to change');
export type ChangeTeamSettingsBody = z.infer<typeof changeTeamSettingsBody>;

// PUT /v5/team/{teamId}/plan — a support operator changes any plan; the owner downgrades or
// declares the lapse (ADR 0005). The payments issue drives the same command later.
export const changeTeamPlanBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('change'), plan: z.enum(PLANS) }).strict(),
  z.object({ action: z.literal('lapse') }).strict(),
]);
export type ChangeTeamPlanBody = z.infer<typeof changeTeamPlanBody>;

// PUT /v5/team/{teamId}/unlock — the owner keeps this project active; the others are released.
export const unlockTeamBody = z.object({ projectId: z.uuid() }).strict();

// POST /v5/team/{teamId}/active-projects — claim the slot of a project that becomes active.
export const claimActiveProjectSlotBody = z.object({ projectId: z.uuid() }).strict();

export const teamIdParamSchema = z.uuid();
