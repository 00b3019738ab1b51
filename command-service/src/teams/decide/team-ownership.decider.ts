import { DomainError, isPaid, type Plan, type TeamOwnershipRecordedEvent } from '@planwerk/events';

// Rule 6010 on the owner's stream `team-owner-<userId>` (ADR 0005): a user may own one team
// without paying; a further team needs one of their teams on an effective paid plan.

export interface OwnedTeam {
  teamId: string;
  plan: Plan;
  lapsed: boolean;
}

export interface TeamOwnershipState {
  teamIds: string[];
}

export function initialOwnershipState(): TeamOwnershipState {
  return { teamIds: [] };
}

export function evolveOwnership(state: TeamOwnershipState, event: TeamOwnershipRecordedEvent): TeamOwnershipState {
  return { teamIds: [...state.teamIds, event.data.teamId] };
}

/**
 * `ownedTeams` are the plans of the owner's teams (inline table, so never behind the stream);
 * a team recorded on the stream but not in `ownedTeams` counts as free.
 */
export function decideOwnership(
  command: { teamId: string; ownerId: string; ownedTeams: readonly OwnedTeam[] },
  state: TeamOwnershipState,
): TeamOwnershipRecordedEvent[] {
  if (state.teamIds.includes(command.teamId)) return [];
  if (state.teamIds.length > 0) {
    const paid = command.ownedTeams.some((team) => state.teamIds.includes(team.teamId) && isPaid(team));
    if (!paid) throw new DomainError(6010, { details: { ownedTeams: state.teamIds.length } });
  }
  return [{ type: 'TeamOwnershipRecorded', data: { teamId: command.teamId, ownerId: command.ownerId } }];
}
