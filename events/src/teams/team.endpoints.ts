import { z } from 'zod';
import { PLANS, TEAM_TYPES } from '../constants/entities.constants';
import { defineEndpoint } from '../http/endpoint';
import {
  changeTeamPlanBody,
  changeTeamSettingsBody,
  claimActiveProjectSlotBody,
  createTeamBody,
  unlockTeamBody,
} from './team.commands';
import { teamDesignSchema, teamSettingsSchema } from './team.events';

const checkpoint = z.string();

// Client/team details of spec section 3 (link, name, design.logo_url, pro, set.*), plus the
// plan and the blocked state of ADR 0005 with the projects that hold a slot.
export const teamDetailsSchema = z.object({
  id: z.uuid(),
  link: z.string(),
  name: z.string(),
  type: z.enum(TEAM_TYPES),
  design: teamDesignSchema.extend({ logo_url: z.string().nullable() }),
  pro: z.boolean(),
  plan: z.enum(PLANS),
  planLapsed: z.boolean(),
  blocked: z.boolean(),
  activeProjects: z.array(z.uuid()),
  set: teamSettingsSchema,
  /** The caller's team flag (0 none, 1 member, 2 admin) and level. */
  team: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  level: z.enum(['owner', 'admin', 'space', 'item', 'member']),
});
export type TeamDetails = z.infer<typeof teamDetailsSchema>;

export const TEAM_SETUP_STEPS = ['logo', 'contactUser', 'paid_plan'] as const;
export type TeamSetupStep = (typeof TEAM_SETUP_STEPS)[number];

// What /team-setup shows: the plan and what is still missing; `next` is the console's step.
export const teamSetupStatusSchema = z.object({
  teamId: z.uuid(),
  link: z.string(),
  plan: z.enum(PLANS),
  planLapsed: z.boolean(),
  pro: z.boolean(),
  blocked: z.boolean(),
  missing: z.array(z.enum(TEAM_SETUP_STEPS)),
  next: z.enum(['success', 'payment']),
});
export type TeamSetupStatus = z.infer<typeof teamSetupStatusSchema>;

export const createTeamEndpoint = defineEndpoint({
  operationId: 'createTeam', method: 'POST', path: '/v5/team', service: 'command', tag: 'teams',
  summary: 'Create a team; the creator becomes its owner (6010 when a further team needs an upgrade)',
  body: createTeamBody,
  successStatus: 201,
  response: z.object({ teamId: z.uuid(), link: z.string(), checkpoint }),
});

export const changeTeamSettingsEndpoint = defineEndpoint({
  operationId: 'changeTeamSettings', method: 'PUT', path: '/v5/team/{teamId}', service: 'command', tag: 'teams',
  summary: 'Change the team name, logo, design and settings (owner or admin)',
  body: changeTeamSettingsBody,
  response: z.object({ teamId: z.uuid(), changed: z.boolean(), checkpoint }),
});

export const changeTeamPlanEndpoint = defineEndpoint({
  operationId: 'changeTeamPlan', method: 'PUT', path: '/v5/team/{teamId}/plan', service: 'command', tag: 'teams',
  summary: 'Change or lapse the plan (support operator; the owner only downgrades or lapses)',
  body: changeTeamPlanBody,
  response: z.object({ teamId: z.uuid(), plan: z.enum(PLANS), planLapsed: z.boolean(), blocked: z.boolean(), checkpoint }),
});

export const unlockTeamEndpoint = defineEndpoint({
  operationId: 'unlockTeam', method: 'PUT', path: '/v5/team/{teamId}/unlock', service: 'command', tag: 'teams',
  summary: 'Choose the project that stays active in a blocked team; the others are released (owner)',
  body: unlockTeamBody,
  response: z.object({ teamId: z.uuid(), activeProjects: z.array(z.uuid()), released: z.array(z.uuid()), checkpoint }),
});

export const claimActiveProjectSlotEndpoint = defineEndpoint({
  operationId: 'claimActiveProjectSlot', method: 'POST', path: '/v5/team/{teamId}/active-projects', service: 'command', tag: 'teams',
  summary: 'Claim an active-project slot (6201 when the plan allows no further active project)',
  body: claimActiveProjectSlotBody,
  response: z.object({ teamId: z.uuid(), projectId: z.uuid(), activeProjects: z.array(z.uuid()), checkpoint }),
});

export const releaseActiveProjectSlotEndpoint = defineEndpoint({
  operationId: 'releaseActiveProjectSlot', method: 'DELETE', path: '/v5/team/{teamId}/active-projects/{projectId}', service: 'command', tag: 'teams',
  summary: 'Release the active-project slot of a project that is no longer active',
  response: z.object({ teamId: z.uuid(), projectId: z.uuid(), activeProjects: z.array(z.uuid()), checkpoint }),
});

export const getTeamSetupEndpoint = defineEndpoint({
  operationId: 'getTeamSetup', method: 'GET', path: '/v5/team/setup/{teamId}', service: 'query', tag: 'teams',
  summary: 'The team-setup status: plan, lapse, blocked and the missing steps (owner or admin)',
  response: teamSetupStatusSchema,
});

export const getTeamDetailsEndpoint = defineEndpoint({
  operationId: 'getTeamDetails', method: 'GET', path: '/v5/team/{link}', service: 'query', tag: 'teams',
  summary: 'Team details by link (members of the team; an unknown link answers 404)',
  response: teamDetailsSchema,
});

export const teamEndpoints = [
  createTeamEndpoint, changeTeamSettingsEndpoint, changeTeamPlanEndpoint, unlockTeamEndpoint,
  claimActiveProjectSlotEndpoint, releaseActiveProjectSlotEndpoint, getTeamSetupEndpoint, getTeamDetailsEndpoint,
] as const;
