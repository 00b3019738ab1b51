import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';
import { PLANS, TEAM_TYPES } from '../constants/entities.constants';

// Events of the team stream `team-<teamId>`, the link reservation `team-link-<slug>` and the
// owner's stream `team-owner-<userId>` (ADR 0005). The activity log shows ids, link, type and
// plan, never the team's name.

const teamId = z.uuid();
const instant = z.iso.datetime({ offset: true });

// Link slug: [a-z0-9-], 2–60 characters, starting and ending with a letter or digit.
export const TEAM_LINK_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
// "0" means no team chosen (spec section 2); route words would shadow the console's routes.
export const RESERVED_TEAM_LINKS = ['0', 'setup', 'team-setup', 'team-setup-v1', 'team-erstellen', 'new'] as const;
export const TEAM_NAME_MAX = 100;

export const teamLinkSchema = z.string().regex(TEAM_LINK_PATTERN).min(2).max(60);
export const teamNameSchema = z.string().trim().min(1).max(TEAM_NAME_MAX);
export const logoUrlSchema = z.url({ protocol: /^https?$/ }).max(2048);

// design: the console's team look (colour id of spec section 3 and an optional theme).
export const teamDesignSchema = z.object({
  color: z.number().int().min(1).max(9).optional(),
  theme: z.enum(['default', 'dark', 'dark-contrast', 'contrast']).optional(),
}).strict();

// set.* of the team details (spec section 3): whether contacts of kind user / group are in use,
// and the feature tags the team switched on.
export const teamSettingsSchema = z.object({
  contactUser: z.boolean(),
  contactGroup: z.boolean(),
  featureTag: z.array(z.string().regex(/^[a-z0-9_-]{1,40}$/)).max(50),
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;
export const DEFAULT_TEAM_SETTINGS: TeamSettings = { contactUser: false, contactGroup: false, featureTag: [] };

const team = (id: string) => ({ kind: 'team', id });
const noContext = { projectId: null, listId: null } as const;

export const TeamLinkReserved = defineEvent({
  type: 'TeamLinkReserved',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, link: teamLinkSchema }),
  describe: (d) => ({ object: team(d.teamId), ...noContext, action: 'teams.linkReserved', fields: { link: d.link } }),
});

export const TeamOwnershipRecorded = defineEvent({
  type: 'TeamOwnershipRecorded',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, ownerId: z.uuid() }),
  describe: (d) => ({ object: team(d.teamId), ...noContext, action: 'teams.ownershipRecorded', fields: { ownerId: d.ownerId } }),
});

export const TeamCreated = defineEvent({
  type: 'TeamCreated',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({
    teamId,
    link: teamLinkSchema,
    name: teamNameSchema,
    type: z.enum(TEAM_TYPES),
    logoUrl: logoUrlSchema.nullable(),
    design: teamDesignSchema,
    settings: teamSettingsSchema,
    ownerId: z.uuid(),
    createdAt: instant,
  }),
  describe: (d) => ({
    object: team(d.teamId), ...noContext, action: 'teams.created',
    fields: { link: d.link, type: d.type, plan: 'free', ownerId: d.ownerId },
  }),
});

export const TeamSettingsChanged = defineEvent({
  type: 'TeamSettingsChanged',
  feature: 'teams',
  schemaVersion: 1,
  // Only the fields that changed.
  schema: z.object({
    teamId,
    name: teamNameSchema.optional(),
    logoUrl: logoUrlSchema.nullable().optional(),
    design: teamDesignSchema.optional(),
    settings: teamSettingsSchema.optional(),
  }),
  describe: (d) => ({
    object: team(d.teamId), ...noContext, action: 'teams.settingsChanged',
    fields: {
      ...(d.name !== undefined ? { nameChanged: true } : {}),
      ...(d.logoUrl !== undefined ? { logoUrl: d.logoUrl } : {}),
      ...(d.design !== undefined ? { design: d.design } : {}),
      ...(d.settings !== undefined ? { settings: d.settings } : {}),
    },
  }),
});

export const TeamPlanChanged = defineEvent({
  type: 'TeamPlanChanged',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, from: z.enum(PLANS), to: z.enum(PLANS), by: z.enum(['owner', 'support']) }),
  describe: (d) => ({ object: team(d.teamId), ...noContext, action: 'teams.planChanged', fields: { plan: d.to, planLapsed: false, by: d.by } }),
});

export const TeamPlanLapsed = defineEvent({
  type: 'TeamPlanLapsed',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, plan: z.enum(PLANS) }),
  describe: (d) => ({ object: team(d.teamId), ...noContext, action: 'teams.planLapsed', fields: { planLapsed: true } }),
});

export const ActiveProjectSlotClaimed = defineEvent({
  type: 'ActiveProjectSlotClaimed',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, projectId: z.uuid(), claimedAt: instant }),
  describe: (d) => ({ object: team(d.teamId), projectId: d.projectId, listId: null, action: 'teams.activeProjectClaimed', fields: {} }),
});

export const ActiveProjectSlotReleased = defineEvent({
  type: 'ActiveProjectSlotReleased',
  feature: 'teams',
  schemaVersion: 1,
  // `unlock`: released because the owner kept another project when the team was blocked.
  schema: z.object({ teamId, projectId: z.uuid(), reason: z.enum(['released', 'unlock']) }),
  describe: (d) => ({
    object: team(d.teamId), projectId: d.projectId, listId: null, action: 'teams.activeProjectReleased', fields: { reason: d.reason },
  }),
});

export const TeamUnblocked = defineEvent({
  type: 'TeamUnblocked',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId, keptProjectId: z.uuid() }),
  describe: (d) => ({ object: team(d.teamId), projectId: d.keptProjectId, listId: null, action: 'teams.unblocked', fields: {} }),
});

export const teamEvents = [
  TeamLinkReserved, TeamOwnershipRecorded, TeamCreated, TeamSettingsChanged, TeamPlanChanged, TeamPlanLapsed,
  ActiveProjectSlotClaimed, ActiveProjectSlotReleased, TeamUnblocked,
] as const;

type EventOf<D extends (typeof teamEvents)[number]> = { type: D['type']; data: EventDataOf<D> };

/** Events of the team stream itself. */
export type TeamEvent =
  | EventOf<typeof TeamCreated>
  | EventOf<typeof TeamSettingsChanged>
  | EventOf<typeof TeamPlanChanged>
  | EventOf<typeof TeamPlanLapsed>
  | EventOf<typeof ActiveProjectSlotClaimed>
  | EventOf<typeof ActiveProjectSlotReleased>
  | EventOf<typeof TeamUnblocked>;

export type TeamLinkReservedEvent = EventOf<typeof TeamLinkReserved>;
export type TeamOwnershipRecordedEvent = EventOf<typeof TeamOwnershipRecorded>;

export const teamSchemaVersions: Record<(typeof teamEvents)[number]['type'], number> = Object.fromEntries(
  teamEvents.map((e) => [e.type, e.schemaVersion]),
) as Record<(typeof teamEvents)[number]['type'], number>;

export const teamStreamId = (id: string): string => `team-${id}`;
export const teamLinkStreamId = (link: string): string => `team-link-${link.toLowerCase()}`;
export const teamOwnerStreamId = (userId: string): string => `team-owner-${userId}`;
