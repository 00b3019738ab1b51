import fc from 'fast-check';
import type { PasskeyEvent } from '@planwerk/events';
import { everyPrefixRebuilds, replay, type PureDecider } from '../../shared/testing/decider-replay';
import {
  passkeyDecider,
  PasskeyAlreadyRegistered,
  PasskeyCounterDidNotIncrease,
  PasskeyNotFound,
  type PasskeyCommand,
  type PasskeyState,
} from './decide/passkey.decider';

const decider: PureDecider<PasskeyState, PasskeyCommand, PasskeyEvent> = passkeyDecider;
const userId = '11111111-1111-4111-8111-111111111111';
const now = new Date('2026-11-22T10:00:00.000Z');

// Two credentials and small counters: replays, equal counters, counting and non-counting keys.
const credentialId = fc.constantFrom('cred-a', 'cred-b');
const counter = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 6 }));
const command: fc.Arbitrary<PasskeyCommand> = fc.oneof(
  fc.tuple(credentialId, counter).map(([id, c]) => ({
    type: 'RegisterPasskey' as const,
    data: { userId, credentialId: id, publicKey: 'pk', counter: c, transports: ['usb'], deviceType: 'singleDevice' as const, backedUp: false, name: 'Laptop', now },
  })),
  { weight: 3, arbitrary: fc.tuple(credentialId, counter).map(([id, c]) => ({ type: 'UsePasskey' as const, data: { userId, credentialId: id, counter: c, now } })) },
  fc.tuple(credentialId).map(([id]) => ({ type: 'RemovePasskey' as const, data: { userId, credentialId: id, now } })),
);

describe('passkey decider (property)', () => {
  it('never lets a signature counter go backwards or repeat (except a key that never counts)', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 20 }), (commands) => {
      const model = new Map<string, number>();
      const run = replay(decider, commands);
      for (const { command: c, error } of run.steps) {
        const known = model.get(c.data.credentialId);
        switch (c.type) {
          case 'RegisterPasskey':
            if (known !== undefined) expect(error).toBeInstanceOf(PasskeyAlreadyRegistered);
            else model.set(c.data.credentialId, c.data.counter);
            break;
          case 'UsePasskey': {
            if (known === undefined) {
              expect(error).toBeInstanceOf(PasskeyNotFound);
              break;
            }
            const grows = c.data.counter > known || (known === 0 && c.data.counter === 0);
            if (grows) model.set(c.data.credentialId, c.data.counter);
            else expect(error).toBeInstanceOf(PasskeyCounterDidNotIncrease);
            expect(error === null).toBe(grows);
            break;
          }
          case 'RemovePasskey':
            if (known === undefined) expect(error).toBeInstanceOf(PasskeyNotFound);
            else model.delete(c.data.credentialId);
            break;
        }
      }
      expect(Object.fromEntries(Object.entries(run.state.passkeys).map(([id, p]) => [id, p.counter]))).toEqual(Object.fromEntries(model));
      // Per credential lifetime the accepted counters are strictly increasing, or 0 all along.
      const lastCounter = new Map<string, number>();
      for (const event of run.log) {
        if (event.type === 'PasskeyRemoved') lastCounter.delete(event.data.credentialId);
        if (event.type === 'PasskeyRegistered') lastCounter.set(event.data.credentialId, event.data.counter);
        if (event.type !== 'PasskeyUsed') continue;
        const previous = lastCounter.get(event.data.credentialId) ?? -1;
        expect(event.data.counter > previous || (previous === 0 && event.data.counter === 0)).toBe(true);
        lastCounter.set(event.data.credentialId, event.data.counter);
      }
    }), { numRuns: 200 });
  });

  it('rebuilds from the log to the state the decider saw before every command', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 20 }), (commands) => everyPrefixRebuilds(decider, replay(decider, commands))), { numRuns: 150 });
  });
});
