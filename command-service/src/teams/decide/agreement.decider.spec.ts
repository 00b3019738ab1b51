import { DomainError, TEAM_AGREEMENT_VERSION, type TeamAgreementAcceptedEvent } from '@planwerk/events';
import { agreementDecider, type AgreementState } from './agreement.decider';

const TEAM = '11111111-1111-4111-8111-111111111111';
const NOW = new Date('2026-11-26T20:00:00.000Z');

const accepted = (version: string): TeamAgreementAcceptedEvent => ({ type: 'TeamAgreementAccepted', data: { teamId: TEAM, version, acceptedAt: NOW.toISOString() } });
const given = (...events: TeamAgreementAcceptedEvent[]): AgreementState => events.reduce(agreementDecider.evolve, agreementDecider.initialState());

describe('the team agreement decider', () => {
  it('records the acceptance of the current version with the command\'s time', () => {
    expect(agreementDecider.decide({ teamId: TEAM, version: TEAM_AGREEMENT_VERSION, now: NOW }, given()))
      .toEqual([accepted(TEAM_AGREEMENT_VERSION)]);
  });

  it('appends nothing when the version is already accepted', () => {
    expect(agreementDecider.decide({ teamId: TEAM, version: TEAM_AGREEMENT_VERSION, now: NOW }, given(accepted(TEAM_AGREEMENT_VERSION)))).toEqual([]);
  });

  it('takes a new version after an older one was accepted', () => {
    expect(agreementDecider.decide({ teamId: TEAM, version: '2027-03', current: '2027-03', now: NOW }, given(accepted('2026-11'))))
      .toEqual([accepted('2027-03')]);
  });

  it('refuses a version that is not the current one, naming the field', () => {
    let caught: unknown;
    try {
      agreementDecider.decide({ teamId: TEAM, version: '2025-01', now: NOW }, given());
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect(caught).toMatchObject({ code: 'validation_failed', field: 'version' });
  });
});
