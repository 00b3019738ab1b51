import fc from 'fast-check';
import { isPaid, PLANS, type TeamOwnershipRecordedEvent } from '@planwerk/events';
import { everyPrefixRebuilds, replay, type PureDecider } from '../shared/testing/decider-replay';
import { decideOwnership, evolveOwnership, initialOwnershipState, type OwnedTeam, type TeamOwnershipState } from './decide/team-ownership.decider';

type OwnershipCommand = Parameters<typeof decideOwnership>[0];
const decider: PureDecider<TeamOwnershipState, OwnershipCommand, TeamOwnershipRecordedEvent> = {
  initialState: initialOwnershipState, evolve: evolveOwnership, decide: decideOwnership,
};
const OWNER = '22222222-2222-4222-8222-222222222222';
const teamId = fc.constantFrom('t1', 't2', 't3', 't4');
// The inline plans table as the handler reads it: any subset of teams, on any plan, lapsed or not.
const ownedTeam: fc.Arbitrary<OwnedTeam> = fc.record({ teamId, plan: fc.constantFrom(...PLANS), lapsed: fc.boolean() });
const command: fc.Arbitrary<OwnershipCommand> = fc.record({ teamId, ownerId: fc.constant(OWNER), ownedTeams: fc.array(ownedTeam, { maxLength: 3 }) });

describe('team ownership decider (property)', () => {
  it('records each team once and a further team only while an owned team is on an effective paid plan (6010)', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 12 }), (commands) => {
      const run = replay(decider, commands);
      const model: string[] = [];
      for (const { command: c, events, error } of run.steps) {
        const paid = c.ownedTeams.some((t) => model.includes(t.teamId) && isPaid(t));
        if (model.includes(c.teamId)) expect(events).toEqual([]);
        else if (model.length > 0 && !paid) expect(error?.code).toBe(6010);
        else {
          expect(events).toEqual([{ type: 'TeamOwnershipRecorded', data: { teamId: c.teamId, ownerId: OWNER } }]);
          model.push(c.teamId);
        }
      }
      expect(run.state.teamIds).toEqual(model);
      expect(new Set(run.state.teamIds).size).toBe(run.state.teamIds.length);
    }), { numRuns: 200 });
  });

  it('rebuilds from the log to the state the decider saw before every command', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 12 }), (commands) => everyPrefixRebuilds(decider, replay(decider, commands))), { numRuns: 150 });
  });
});
