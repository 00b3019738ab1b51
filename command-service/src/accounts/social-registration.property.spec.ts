import fc from 'fast-check';
import { replay } from '../shared/testing/decider-replay';
import { isActive } from './decide/account.decider';
import { SocialAddressAlreadyRegistered } from './decide/social-registration.decider';
import { accountCommands, accountStreamDecider as decider, USER } from './testing/account-commands.arbitrary';

describe('social registration decider (property)', () => {
  it('registers a stream once, only when the address is free or already its own, as an active account without password', () => {
    fc.assert(fc.property(accountCommands, (commands) => {
      const run = replay(decider, commands);
      for (const { command: c, before, after, events, error } of run.steps) {
        if (c.kind !== 'core' || c.command.type !== 'RegisterSocialAccount') continue;
        const holder = c.command.data.emailHolder;
        if (before.erased) expect(error?.code).toBe(6005);
        else if (before.registered) expect(events).toEqual([]);
        else if (holder !== null && holder !== USER) expect(error).toBeInstanceOf(SocialAddressAlreadyRegistered);
        else {
          expect(events.map((e) => e.type)).toEqual(['SocialAccountRegistered']);
          expect(isActive(after)).toBe(true);
          expect(after).toMatchObject({ passwordHash: '', socialProvider: 'google', registered: true });
        }
      }
      const registrations = run.log.filter((e) => e.type === 'SocialAccountRegistered' || e.type === 'AccountRegistered');
      expect(registrations.length).toBeLessThanOrEqual(1);
    }), { numRuns: 120 });
  });
});
