import {
  DEFAULT_TEAM_SETTINGS,
  DomainError,
  isOverProjectLimit,
  limitsOf,
  planError,
  planRank,
  type Plan,
  type TeamEvent,
  type TeamSettings,
  type TeamType,
} from '@planwerk/events';

// The team aggregate of stream `team-<teamId>` (ADR 0005): settings, plan and the active-project
// slots. Pure: ids and time come in on the commands.

export interface TeamDesign {
  color?: number;
  theme?: 'default' | 'dark' | 'dark-contrast' | 'contrast';
}

export type TeamState =
  | { status: 'none' }
  | {
      status: 'exists';
      teamId: string;
      ownerId: string;
      name: string;
      logoUrl: string | null;
      design: TeamDesign;
      settings: TeamSettings;
      plan: Plan;
      lapsed: boolean;
      activeProjects: string[];
    };

type ExistingTeam = Extract<TeamState, { status: 'exists' }>;

export type PlanChange = { action: 'change'; plan: Plan } | { action: 'lapse' };

export type TeamCommand =
  | {
      type: 'CreateTeam';
      teamId: string; link: string; name: string; type_: TeamType; logoUrl: string | null;
      design: TeamDesign; settings: Partial<TeamSettings>; ownerId: string; createdAt: string;
    }
  | { type: 'ChangeTeamSettings'; teamId: string; name?: string; logoUrl?: string | null; design?: TeamDesign; settings?: Partial<TeamSettings> }
  | { type: 'ChangeTeamPlan'; teamId: string; change: PlanChange; by: 'owner' | 'support' }
  | { type: 'ClaimActiveProjectSlot'; teamId: string; projectId: string; claimedAt: string }
  | { type: 'ReleaseActiveProjectSlot'; teamId: string; projectId: string }
  | { type: 'UnlockTeam'; teamId: string; projectId: string };

export function initialTeamState(): TeamState {
  return { status: 'none' };
}

export function evolveTeam(state: TeamState, event: TeamEvent): TeamState {
  if (event.type === 'TeamCreated') {
    const d = event.data;
    return {
      status: 'exists', teamId: d.teamId, ownerId: d.ownerId, name: d.name, logoUrl: d.logoUrl, design: d.design,
      settings: d.settings, plan: 'free', lapsed: false, activeProjects: [],
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'TeamSettingsChanged': {
      const d = event.data;
      return {
        ...state,
        name: d.name ?? state.name,
        logoUrl: d.logoUrl !== undefined ? d.logoUrl : state.logoUrl,
        design: d.design ?? state.design,
        settings: d.settings ?? state.settings,
      };
    }
    case 'TeamPlanChanged':
      return { ...state, plan: event.data.to, lapsed: false };
    case 'TeamPlanLapsed':
      return { ...state, lapsed: true };
    case 'ActiveProjectSlotClaimed':
      return { ...state, activeProjects: [...state.activeProjects, event.data.projectId] };
    case 'ActiveProjectSlotReleased':
      return { ...state, activeProjects: state.activeProjects.filter((id) => id !== event.data.projectId) };
    case 'TeamUnblocked':
      return state;
    default:
      return assertNever(event);
  }
}

/** Blocked (spec section 4): more active projects than the effective plan allows. */
export function isBlocked(state: TeamState): boolean {
  return state.status === 'exists' && isOverProjectLimit(state, state.activeProjects.length);
}

export function decideTeam(command: TeamCommand, state: TeamState): TeamEvent[] {
  if (command.type === 'CreateTeam') {
    if (state.status === 'exists') throw new DomainError('conflict', { details: { teamId: command.teamId } });
    return [{
      type: 'TeamCreated',
      data: {
        teamId: command.teamId, link: command.link, name: command.name, type: command.type_, logoUrl: command.logoUrl,
        design: command.design, settings: { ...DEFAULT_TEAM_SETTINGS, ...command.settings }, ownerId: command.ownerId,
        createdAt: command.createdAt,
      },
    }];
  }
  if (state.status === 'none') throw new DomainError('not_found', { details: { teamId: command.teamId } });
  switch (command.type) {
    case 'ChangeTeamSettings':
      return decideSettings(command, state);
    case 'ChangeTeamPlan':
      return decidePlan(command, state);
    case 'ClaimActiveProjectSlot':
      return decideClaim(command, state);
    case 'ReleaseActiveProjectSlot':
      if (!state.activeProjects.includes(command.projectId)) return [];
      return [{ type: 'ActiveProjectSlotReleased', data: { teamId: state.teamId, projectId: command.projectId, reason: 'released' } }];
    case 'UnlockTeam':
      return decideUnlock(command, state);
    default:
      return assertNever(command);
  }
}

function decideSettings(command: Extract<TeamCommand, { type: 'ChangeTeamSettings' }>, state: ExistingTeam): TeamEvent[] {
  const settings = command.settings ? { ...state.settings, ...command.settings } : undefined;
  const changes = {
    ...(command.name !== undefined && command.name !== state.name ? { name: command.name } : {}),
    ...(command.logoUrl !== undefined && command.logoUrl !== state.logoUrl ? { logoUrl: command.logoUrl } : {}),
    ...(command.design !== undefined && !sameJson(command.design, state.design) ? { design: command.design } : {}),
    ...(settings !== undefined && !sameJson(settings, state.settings) ? { settings } : {}),
  };
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'TeamSettingsChanged', data: { teamId: state.teamId, ...changes } }];
}

// A support operator changes any plan; the owner only downgrades or declares the lapse (ADR 0005).
function decidePlan(command: Extract<TeamCommand, { type: 'ChangeTeamPlan' }>, state: ExistingTeam): TeamEvent[] {
  const { change } = command;
  switch (change.action) {
    case 'lapse':
      if (state.plan === 'free' || state.lapsed) return [];
      return [{ type: 'TeamPlanLapsed', data: { teamId: state.teamId, plan: state.plan } }];
    case 'change': {
      if (change.plan === state.plan && !state.lapsed) return [];
      // Free is always a downgrade; otherwise only a lower plan than a running (not lapsed) one.
      const downgrade = change.plan === 'free' || (!state.lapsed && planRank(change.plan) < planRank(state.plan));
      if (command.by === 'owner' && !downgrade) {
        throw new DomainError('no_permission', { details: { reason: 'owners only downgrade; upgrades go through support or payment' } });
      }
      return [{ type: 'TeamPlanChanged', data: { teamId: state.teamId, from: state.plan, to: change.plan, by: command.by } }];
    }
    default:
      return assertNever(change);
  }
}

// Spec section 4/8: the free plan allows one active project; a blocked team claims nothing more.
function decideClaim(command: Extract<TeamCommand, { type: 'ClaimActiveProjectSlot' }>, state: ExistingTeam): TeamEvent[] {
  if (state.activeProjects.includes(command.projectId)) return [];
  const limit = limitsOf(state).activeProjects;
  if (limit !== null && state.activeProjects.length >= limit) {
    throw planError(6201, { teamId: state.teamId, limit, active: state.activeProjects.length, blocked: isBlocked(state) });
  }
  return [{ type: 'ActiveProjectSlotClaimed', data: { teamId: state.teamId, projectId: command.projectId, claimedAt: command.claimedAt } }];
}

// The owner keeps one project of a blocked team; every other slot is released.
function decideUnlock(command: Extract<TeamCommand, { type: 'UnlockTeam' }>, state: ExistingTeam): TeamEvent[] {
  if (!isBlocked(state)) throw new DomainError('team_not_blocked', { details: { teamId: state.teamId } });
  if (!state.activeProjects.includes(command.projectId)) throw new DomainError('team_project_not_active', { field: 'projectId' });
  const released: TeamEvent[] = state.activeProjects
    .filter((id) => id !== command.projectId)
    .map((projectId) => ({ type: 'ActiveProjectSlotReleased', data: { teamId: state.teamId, projectId, reason: 'unlock' } }));
  return [...released, { type: 'TeamUnblocked', data: { teamId: state.teamId, keptProjectId: command.projectId } }];
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function assertNever(value: never): never {
  throw new Error(`Unexpected team value ${JSON.stringify(value)}`);
}
