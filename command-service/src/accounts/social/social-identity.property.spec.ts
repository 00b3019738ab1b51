import fc from 'fast-check';
import type { SocialEvent } from '@planwerk/events';
import { everyPrefixRebuilds, replay, type PureDecider } from '../../shared/testing/decider-replay';
import {
  SocialEmailNotUsable,
  SocialEmailRegisteredAsPasswordAccount,
  socialIdentityDecider,
  type SocialIdentityCommand,
  type SocialIdentityState,
} from './decide/social-identity.decider';

const decider: PureDecider<SocialIdentityState, SocialIdentityCommand, SocialEvent> = socialIdentityDecider;
const identityId = 'a'.repeat(64);
const NEW_USER = '0f8c1a52-3c4e-5d6f-8a9b-0c1d2e3f4a5b';
const OTHER = '7b2e4d6f-1a3c-4e5f-9a8b-7c6d5e4f3a2b';

// Repeated first logins with every mix of address, verification and holder of the address.
const command: fc.Arbitrary<SocialIdentityCommand> = fc.record({
  email: fc.constantFrom('alice@example.test', 'new@example.test', null),
  emailVerified: fc.boolean(),
  holder: fc.constantFrom('none', 'self', 'other-password', 'other-social'),
  deviceId: fc.constantFrom('Dev1ce0001', 'Dev1ce0002'),
}).map(({ email, emailVerified, holder, deviceId }) => ({
  type: 'SignInWithSocialIdentity',
  data: {
    identityId, provider: 'google', issuer: 'https://accounts.google.com', subject: '1234', email, emailVerified, deviceId, newUserId: NEW_USER,
    emailHolder: holder === 'none' ? null : holder === 'self' ? { userId: NEW_USER, socialProvider: null }
      : { userId: OTHER, socialProvider: holder === 'other-social' ? 'apple' : null },
  },
}));

describe('social identity decider (property)', () => {
  it('links an identity once, to its own new user, only with a verified free address, and then always signs in as that user', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 10 }), (commands) => {
      const run = replay(decider, commands);
      let linkedTo: string | null = null;
      for (const { command: c, events, error } of run.steps) {
        const d = c.data;
        if (linkedTo !== null) {
          expect(events).toEqual([{ type: 'SocialIdentitySignedIn', data: { identityId, provider: 'google', userId: linkedTo, deviceId: d.deviceId } }]);
          continue;
        }
        const taken = d.emailHolder !== null && d.emailHolder.userId !== NEW_USER;
        if (d.email === null || !d.emailVerified) expect(error).toBeInstanceOf(SocialEmailNotUsable);
        else if (taken && d.emailHolder?.socialProvider === null) expect(error).toBeInstanceOf(SocialEmailRegisteredAsPasswordAccount);
        else if (taken) expect(error).not.toBeNull();
        else {
          expect(events.map((e) => e.type)).toEqual(['SocialIdentityLinked', 'SocialIdentitySignedIn']);
          linkedTo = NEW_USER;
        }
      }
      expect(run.log.filter((e) => e.type === 'SocialIdentityLinked').length).toBe(linkedTo === null ? 0 : 1);
      expect(run.state).toMatchObject(linkedTo === null ? { status: 'unlinked' } : { status: 'linked', userId: linkedTo });
    }), { numRuns: 200 });
  });

  it('rebuilds from the log to the state the decider saw before every command', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 10 }), (commands) => everyPrefixRebuilds(decider, replay(decider, commands))), { numRuns: 150 });
  });
});
