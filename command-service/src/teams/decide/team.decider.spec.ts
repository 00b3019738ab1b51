import { DomainError, type TeamEvent } from '@planwerk/events';
import { decideTeam, evolveTeam, initialTeamState, isBlocked, type TeamCommand, type TeamState } from './team.decider';
import { decideOwnership, evolveOwnership, initialOwnershipState } from './team-ownership.decider';

const TEAM = '11111111-1111-4111-8111-111111111111';
const OWNER = '22222222-2222-4222-8222-222222222222';
const P1 = '33333333-3333-4333-8333-333333333331';
const P2 = '33333333-3333-4333-8333-333333333332';
const P3 = '33333333-3333-4333-8333-333333333333';
const AT = '2026-11-23T10:00:00.000Z';

const created: TeamEvent = {
  type: 'TeamCreated',
  data: {
    teamId: TEAM, link: 'tsv-nord', name: 'TSV Nord', type: 'club', logoUrl: null, design: {},
    settings: { contactUser: false, contactGroup: false, featureTag: [] }, ownerId: OWNER, createdAt: AT,
  },
};
const claimed = (projectId: string): TeamEvent => ({ type: 'ActiveProjectSlotClaimed', data: { teamId: TEAM, projectId, claimedAt: AT } });
const planChanged = (from: 'free' | 'prime' | 'basic' | 'pro', to: 'free' | 'prime' | 'basic' | 'pro'): TeamEvent =>
  ({ type: 'TeamPlanChanged', data: { teamId: TEAM, from, to, by: 'support' } });

function given(...events: TeamEvent[]): TeamState {
  return events.reduce(evolveTeam, initialTeamState());
}

function codeOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a rule error');
}

const claim = (projectId: string): TeamCommand => ({ type: 'ClaimActiveProjectSlot', teamId: TEAM, projectId, claimedAt: AT });

describe('team decider', () => {
  describe('CreateTeam', () => {
    const create: TeamCommand = {
      type: 'CreateTeam', teamId: TEAM, link: 'tsv-nord', name: 'TSV Nord', type_: 'club', logoUrl: null, design: {},
      settings: { contactUser: true }, ownerId: OWNER, createdAt: AT,
    };

    it('given no team, creates it on the free plan with the default settings filled in', () => {
      expect(decideTeam(create, given())).toEqual([{
        type: 'TeamCreated',
        data: { ...created.data, settings: { contactUser: true, contactGroup: false, featureTag: [] } },
      }]);
      const state = given(...decideTeam(create, given()));
      expect(state).toMatchObject({ status: 'exists', plan: 'free', lapsed: false, activeProjects: [] });
    });

    it('refuses a second creation of the same team id', () => {
      expect(codeOf(() => decideTeam(create, given(created)))).toBe('conflict');
    });
  });

  it('answers not_found for any command on a team that does not exist', () => {
    expect(codeOf(() => decideTeam(claim(P1), given()))).toBe('not_found');
  });

  describe('ChangeTeamSettings', () => {
    it('records only the fields that change, merging set.* into the current settings', () => {
      const events = decideTeam(
        { type: 'ChangeTeamSettings', teamId: TEAM, name: 'TSV Nord', logoUrl: 'https://cdn.test/logo.png', settings: { featureTag: ['pay'] } },
        given(created),
      );
      expect(events).toEqual([{
        type: 'TeamSettingsChanged',
        data: { teamId: TEAM, logoUrl: 'https://cdn.test/logo.png', settings: { contactUser: false, contactGroup: false, featureTag: ['pay'] } },
      }]);
    });

    it('appends nothing when nothing changes', () => {
      expect(decideTeam({ type: 'ChangeTeamSettings', teamId: TEAM, name: 'TSV Nord', design: {} }, given(created))).toEqual([]);
    });
  });

  describe('active-project slots (free plan: one active project, spec section 4/8)', () => {
    it('given a free team without active projects, the first claim succeeds', () => {
      expect(decideTeam(claim(P1), given(created))).toEqual([claimed(P1)]);
    });

    it('given a free team with one active project, a second claim answers 6201 with the button to the projects', () => {
      let error: unknown;
      try {
        decideTeam(claim(P2), given(created, claimed(P1)));
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 6201, button: { target: 'manage-project', label: 'change_status' }, details: { limit: 1 } });
    });

    it('claiming an already active project again appends nothing', () => {
      expect(decideTeam(claim(P1), given(created, claimed(P1)))).toEqual([]);
    });

    it('given a paid plan, any number of projects may be active', () => {
      expect(decideTeam(claim(P3), given(created, planChanged('free', 'prime'), claimed(P1), claimed(P2)))).toEqual([claimed(P3)]);
    });

    it('releasing frees the slot; releasing an inactive project appends nothing', () => {
      const released = decideTeam({ type: 'ReleaseActiveProjectSlot', teamId: TEAM, projectId: P1 }, given(created, claimed(P1)));
      expect(released).toEqual([{ type: 'ActiveProjectSlotReleased', data: { teamId: TEAM, projectId: P1, reason: 'released' } }]);
      expect(decideTeam(claim(P2), given(created, claimed(P1), ...released))).toEqual([claimed(P2)]);
      expect(decideTeam({ type: 'ReleaseActiveProjectSlot', teamId: TEAM, projectId: P2 }, given(created))).toEqual([]);
    });
  });

  describe('plans', () => {
    const change = (plan: 'free' | 'prime' | 'basic' | 'pro', by: 'owner' | 'support'): TeamCommand =>
      ({ type: 'ChangeTeamPlan', teamId: TEAM, change: { action: 'change', plan }, by });

    it('a support operator upgrades; the owner may not (payments drive upgrades later)', () => {
      expect(decideTeam(change('pro', 'support'), given(created))).toEqual([{ type: 'TeamPlanChanged', data: { teamId: TEAM, from: 'free', to: 'pro', by: 'support' } }]);
      expect(codeOf(() => decideTeam(change('prime', 'owner'), given(created)))).toBe('no_permission');
    });

    it('the owner downgrades to a lower plan or to free', () => {
      const pro = given(created, planChanged('free', 'pro'));
      expect(decideTeam(change('basic', 'owner'), pro)).toEqual([{ type: 'TeamPlanChanged', data: { teamId: TEAM, from: 'pro', to: 'basic', by: 'owner' } }]);
      expect(decideTeam(change('free', 'owner'), pro)[0]).toMatchObject({ data: { to: 'free' } });
    });

    it('a lapse is recorded once; the same plan again is nothing', () => {
      const prime = given(created, planChanged('free', 'prime'));
      expect(decideTeam({ type: 'ChangeTeamPlan', teamId: TEAM, change: { action: 'lapse' }, by: 'owner' }, prime))
        .toEqual([{ type: 'TeamPlanLapsed', data: { teamId: TEAM, plan: 'prime' } }]);
      const lapsed = given(created, planChanged('free', 'prime'), { type: 'TeamPlanLapsed', data: { teamId: TEAM, plan: 'prime' } });
      expect(decideTeam({ type: 'ChangeTeamPlan', teamId: TEAM, change: { action: 'lapse' }, by: 'owner' }, lapsed)).toEqual([]);
      expect(decideTeam(change('prime', 'support'), prime)).toEqual([]);
    });

    it('paying the lapsed plan again (support) clears the lapse; the owner cannot re-activate it', () => {
      const lapsed = given(created, planChanged('free', 'prime'), { type: 'TeamPlanLapsed', data: { teamId: TEAM, plan: 'prime' } });
      expect(given(created, planChanged('free', 'prime'), { type: 'TeamPlanLapsed', data: { teamId: TEAM, plan: 'prime' } }, ...decideTeam(change('prime', 'support'), lapsed)))
        .toMatchObject({ plan: 'prime', lapsed: false });
      expect(codeOf(() => decideTeam(change('prime', 'owner'), lapsed))).toBe('no_permission');
    });
  });

  describe('blocked state (Prime lapsed with more than one active project)', () => {
    const lapsed: TeamEvent = { type: 'TeamPlanLapsed', data: { teamId: TEAM, plan: 'prime' } };
    const blocked = given(created, planChanged('free', 'prime'), claimed(P1), claimed(P2), claimed(P3), lapsed);

    it('is blocked, and claims answer 6201', () => {
      expect(isBlocked(blocked)).toBe(true);
      expect(codeOf(() => decideTeam(claim('44444444-4444-4444-8444-444444444444'), blocked))).toBe(6201);
    });

    it('a lapse with one active project does not block', () => {
      expect(isBlocked(given(created, planChanged('free', 'prime'), claimed(P1), lapsed))).toBe(false);
    });

    it('the owner keeps one project: every other slot is released and the team is unblocked', () => {
      const events = decideTeam({ type: 'UnlockTeam', teamId: TEAM, projectId: P2 }, blocked);
      expect(events).toEqual([
        { type: 'ActiveProjectSlotReleased', data: { teamId: TEAM, projectId: P1, reason: 'unlock' } },
        { type: 'ActiveProjectSlotReleased', data: { teamId: TEAM, projectId: P3, reason: 'unlock' } },
        { type: 'TeamUnblocked', data: { teamId: TEAM, keptProjectId: P2 } },
      ]);
      const after = events.reduce(evolveTeam, blocked);
      expect(after).toMatchObject({ activeProjects: [P2] });
      expect(isBlocked(after)).toBe(false);
    });

    it('unlocking refuses a project that is not active, and a team that is not blocked', () => {
      expect(codeOf(() => decideTeam({ type: 'UnlockTeam', teamId: TEAM, projectId: '44444444-4444-4444-8444-444444444444' }, blocked)))
        .toBe('team_project_not_active');
      expect(codeOf(() => decideTeam({ type: 'UnlockTeam', teamId: TEAM, projectId: P1 }, given(created, claimed(P1))))).toBe('team_not_blocked');
    });

    it('a paid plan again unblocks without choosing', () => {
      expect(isBlocked([planChanged('prime', 'prime')].reduce(evolveTeam, blocked))).toBe(false);
    });
  });
});

describe('team ownership decider (6010)', () => {
  const SECOND = '55555555-5555-4555-8555-555555555555';
  const owns = evolveOwnership(initialOwnershipState(), { type: 'TeamOwnershipRecorded', data: { teamId: TEAM, ownerId: OWNER } });

  it('given no team, the first team is recorded', () => {
    expect(decideOwnership({ teamId: TEAM, ownerId: OWNER, ownedTeams: [] }, initialOwnershipState()))
      .toEqual([{ type: 'TeamOwnershipRecorded', data: { teamId: TEAM, ownerId: OWNER } }]);
  });

  it('given a team on the free plan, a second team answers 6010', () => {
    expect(codeOf(() => decideOwnership({ teamId: SECOND, ownerId: OWNER, ownedTeams: [{ teamId: TEAM, plan: 'free', lapsed: false }] }, owns))).toBe(6010);
  });

  it('a lapsed paid plan counts as free (6010); a running one allows the second team', () => {
    expect(codeOf(() => decideOwnership({ teamId: SECOND, ownerId: OWNER, ownedTeams: [{ teamId: TEAM, plan: 'prime', lapsed: true }] }, owns))).toBe(6010);
    expect(decideOwnership({ teamId: SECOND, ownerId: OWNER, ownedTeams: [{ teamId: TEAM, plan: 'basic', lapsed: false }] }, owns))
      .toEqual([{ type: 'TeamOwnershipRecorded', data: { teamId: SECOND, ownerId: OWNER } }]);
  });

  it('a team recorded on the stream but not yet in the table counts as free', () => {
    expect(codeOf(() => decideOwnership({ teamId: SECOND, ownerId: OWNER, ownedTeams: [] }, owns))).toBe(6010);
  });
});
