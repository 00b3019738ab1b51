import fc from 'fast-check';
import type { UserLinkEvent } from '@planwerk/events';
import { everyPrefixRebuilds, replay, type PureDecider } from '../shared/testing/decider-replay';
import { DisconnectNeedsConfirmation, userLinksDecider, UserLinkNotSaved, type UserLinksCommand, type UserLinksState } from './decide/user-links.decider';

const decider: PureDecider<UserLinksState, UserLinksCommand, UserLinkEvent> = userLinksDecider;
const userId = '0b7c9c4e-58b5-4f0c-9f3a-0f6c3f1c2a11';
const now = new Date('2026-11-23T10:00:00.000Z');

// Three targets, so connects and disconnects of the same link repeat and interleave.
const target = fc.constantFrom('team-a', 'team-b', 'team-c');
const command: fc.Arbitrary<UserLinksCommand> = fc.oneof(
  target.map((targetId) => ({ type: 'ConnectUserLink' as const, data: { userId, obj: 'link_cc' as const, targetId, ccId: targetId, now } })),
  fc.tuple(target, fc.boolean()).map(([targetId, force]) => ({ type: 'DisconnectUserLink' as const, data: { userId, obj: 'link_cc' as const, targetId, force, now } })),
);

describe('user links decider (property)', () => {
  it('leaves the saved set equal to a plain set model and refuses exactly what the model refuses', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 25 }), (commands) => {
      const model = new Set<string>();
      const run = replay(decider, commands);
      run.steps.forEach(({ command: c, error, events }) => {
        const key = `link_cc:${c.data.targetId}`;
        if (c.type === 'ConnectUserLink') {
          model.add(key);
          expect(error).toBeNull();
        } else if (!model.has(key)) {
          expect(error).toBeInstanceOf(UserLinkNotSaved);
        } else if (!c.data.force) {
          expect(error).toBeInstanceOf(DisconnectNeedsConfirmation);
        } else {
          model.delete(key);
          expect(events.map((e) => e.type)).toEqual(['UserLinkDisconnected']);
        }
      });
      expect([...run.state.saved].sort()).toEqual([...model].sort());
    }), { numRuns: 200 });
  });

  it('rebuilds from the log to the state the decider saw before every command', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 25 }), (commands) => everyPrefixRebuilds(decider, replay(decider, commands))), { numRuns: 150 });
  });
});
