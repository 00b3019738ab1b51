import { DomainError, TEAM_AGREEMENT_VERSION, type TeamAgreementAcceptedEvent } from '@planwerk/events';

// The team's data-processing agreement on `team-agreement-<teamId>`: one acceptance per version.
// Time and the current version come in on the command.

export interface AgreementState {
  /** The versions the team has accepted. */
  accepted: ReadonlySet<string>;
}

export interface AcceptTeamAgreement {
  teamId: string;
  /** The version the person read. */
  version: string;
  now: Date;
  /** The version the console shows now; another one is a text the person did not get. */
  current?: string;
}

export const agreementDecider = {
  initialState: (): AgreementState => ({ accepted: new Set() }),
  evolve: (state: AgreementState, event: TeamAgreementAcceptedEvent): AgreementState => ({ accepted: new Set([...state.accepted, event.data.version]) }),
  /** Only the current version is accepted; accepting it again appends nothing. */
  decide(command: AcceptTeamAgreement, state: AgreementState): TeamAgreementAcceptedEvent[] {
    if (command.version !== (command.current ?? TEAM_AGREEMENT_VERSION)) {
      throw new DomainError('validation_failed', { field: 'version', details: { current: command.current ?? TEAM_AGREEMENT_VERSION } });
    }
    if (state.accepted.has(command.version)) return [];
    return [{ type: 'TeamAgreementAccepted', data: { teamId: command.teamId, version: command.version, acceptedAt: command.now.toISOString() } }];
  },
};
