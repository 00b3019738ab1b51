import type { PasskeyEvent } from '@planwerk/events';
import { decide, evolve, initialPasskeyState, PasskeyAlreadyRegistered, PasskeyCounterDidNotIncrease, PasskeyNotFound, type PasskeyCommand } from './passkey.decider';

const userId = '7d4c1c2e-3b9a-4f55-8a31-5b8c2e9f0a11';
const credentialId = 'Y3JlZGVudGlhbC0x';
const T0 = new Date('2026-11-22T10:00:00Z');
const registration = { userId, credentialId, publicKey: 'cHVibGljLWtleQ', counter: 3, transports: ['internal'], deviceType: 'singleDevice' as const, backedUp: false, name: 'Laptop' };
const registered: PasskeyEvent = { type: 'PasskeyRegistered', data: { ...registration, registeredAt: T0.toISOString() } };
const use = (counter: number): PasskeyCommand => ({ type: 'UsePasskey', data: { userId, credentialId, counter, now: T0 } });

function given(events: PasskeyEvent[]) {
  const state = events.reduce(evolve, initialPasskeyState());
  return { when: (command: PasskeyCommand) => () => decide(command, state) };
}

describe('passkey decider', () => {
  it('registers a new credential', () => {
    expect(given([]).when({ type: 'RegisterPasskey', data: { ...registration, now: T0 } })()).toEqual([registered]);
  });

  it('refuses the same credential twice', () => {
    expect(given([registered]).when({ type: 'RegisterPasskey', data: { ...registration, now: T0 } })).toThrow(PasskeyAlreadyRegistered);
  });

  it('records a use with a higher counter', () => {
    expect(given([registered]).when(use(4))()).toEqual([{ type: 'PasskeyUsed', data: { userId, credentialId, counter: 4, usedAt: T0.toISOString() } }]);
  });

  it('refuses a counter that did not increase (a cloned authenticator)', () => {
    expect(given([registered]).when(use(3))).toThrow(PasskeyCounterDidNotIncrease);
    const used: PasskeyEvent = { type: 'PasskeyUsed', data: { userId, credentialId, counter: 9, usedAt: T0.toISOString() } };
    expect(given([registered, used]).when(use(5))).toThrow(PasskeyCounterDidNotIncrease);
  });

  it('accepts 0 after 0: an authenticator without a counter', () => {
    const zero: PasskeyEvent = { type: 'PasskeyRegistered', data: { ...registration, counter: 0, registeredAt: T0.toISOString() } };
    expect(given([zero]).when(use(0))()[0]).toMatchObject({ type: 'PasskeyUsed' });
  });

  it('removes a passkey; an unknown or removed one is PasskeyNotFound', () => {
    const remove: PasskeyCommand = { type: 'RemovePasskey', data: { userId, credentialId, now: T0 } };
    const [removed] = given([registered]).when(remove)();
    expect(removed).toEqual({ type: 'PasskeyRemoved', data: { userId, credentialId, removedAt: T0.toISOString() } });
    expect(given([registered, removed]).when(remove)).toThrow(PasskeyNotFound);
    expect(given([registered, removed]).when(use(10))).toThrow(PasskeyNotFound);
  });
});
