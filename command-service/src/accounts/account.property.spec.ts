import fc from 'fast-check';
import { everyPrefixRebuilds, replay } from '../shared/testing/decider-replay';
import { DomainError } from '@planwerk/events';
import { accountDecider, isActive, type AccountState } from './decide/account.decider';
import { decideLogin } from './decide/login';
import { decideEraseAccount } from './decide/self-service';
import { accountCommands, accountStreamDecider as decider, nowOf, T0, tokenHash, USER, type AnyAccountCommand } from './testing/account-commands.arbitrary';

const isRegistration = (c: AnyAccountCommand) => c.kind === 'core' && (c.command.type === 'RegisterAccount' || c.command.type === 'RegisterSocialAccount');

describe('account decider (property)', () => {
  it('uses every link once, for its purpose and before it expires; active only by activation (and consent) or social login', () => {
    fc.assert(fc.property(accountCommands, (commands) => {
      const run = replay(decider, commands);
      const links = new Map<string, { purpose: string; expiresAt: number; used: boolean }>();
      const history = { social: false, activated: false, adult: true, consent: false };
      for (const step of run.steps) {
        const now = nowOf(step.command).getTime();
        for (const event of step.events) {
          switch (event.type) {
            case 'AccountRegistered':
              history.adult = event.data.adult;
              links.set(event.data.activationTokenHash, { purpose: 'activation', expiresAt: Date.parse(event.data.activationExpiresAt), used: false });
              break;
            case 'SocialAccountRegistered':
              history.social = true;
              break;
            case 'ParentConfirmationRequested':
            case 'ActivationMailRequested':
            case 'PasswordResetRequested': {
              const purpose = { ParentConfirmationRequested: 'parent-confirmation', ActivationMailRequested: 'activation', PasswordResetRequested: 'password-reset' }[event.type];
              // A fresh token is never handed out twice.
              expect(links.has(event.data.tokenHash)).toBe(false);
              links.set(event.data.tokenHash, { purpose, expiresAt: Date.parse(event.data.expiresAt), used: false });
              break;
            }
            case 'AccountActivated':
            case 'ParentConsentGiven':
            case 'PasswordChanged': {
              const hash = event.data.tokenHash;
              if (hash === null) break;
              const link = links.get(hash);
              const purpose = { AccountActivated: 'activation', ParentConsentGiven: 'parent-confirmation', PasswordChanged: 'password-reset' }[event.type];
              expect(link).toMatchObject({ purpose, used: false });
              expect(now).toBeLessThan(link?.expiresAt ?? 0);
              links.set(hash, { ...(link ?? { purpose, expiresAt: 0 }), used: true });
              // An account is activated once; a second, still valid link then does nothing.
              if (event.type === 'AccountActivated') expect(history.activated || step.before.activated).toBe(false);
              if (event.type === 'AccountActivated') history.activated = true;
              if (event.type === 'ParentConsentGiven') history.consent = true;
              break;
            }
            default:
              break;
          }
        }
        if (isActive(step.after)) expect(history.social || (history.activated && (history.adult || history.consent))).toBe(true);
      }
    }), { numRuns: 100 });
  });

  it('answers nothing to an unregistered or erased account but a registration, and an erased one stays erased', () => {
    fc.assert(fc.property(accountCommands, (commands) => {
      const run = replay(decider, commands);
      let erased = false;
      for (const step of run.steps) {
        const { command: c, events, error, before } = step;
        if (erased) {
          // Erasure is final (the state's own rule): 6005, or the neutral answer without events.
          expect(events).toEqual([]);
          if (error !== null) expect([6005, 'not_found']).toContain(error.code);
          if (c.kind === 'login') expect(decideLogin(c.command, before)).toMatchObject({ kind: 'refused', code: 6005 });
        } else if (!before.registered && !isRegistration(c)) {
          expect(events).toEqual([]);
        }
        if (events.some((e) => e.type === 'AccountErased')) erased = true;
      }
      expect(run.state.erased).toBe(erased);
      if (erased) expect(run.state.registered).toBe(false);
    }), { numRuns: 100 });
  });

  it('ends only active sessions, greets a device once and never locks or unlocks twice in a row', () => {
    fc.assert(fc.property(accountCommands, (commands) => {
      const run = replay(decider, commands);
      for (const { before, events, command: c, error } of run.steps) {
        const ended = events.flatMap((e) => (e.type === 'SessionEnded' ? [e.data.sessionId] : []));
        ended.forEach((id) => expect(before.sessions[id]).toBe('active'));
        expect(new Set(ended).size).toBe(ended.length);
        events.forEach((e) => e.type === 'NewDeviceLoggedIn' && expect(before.devices).not.toContain(e.data.deviceId));
        if (c.kind === 'core' && c.command.type === 'RegisterAccount' && before.registered) expect(error?.code).toBe(6001);
      }
      const locks = run.log.filter((e) => e.type === 'AccountLocked' || e.type === 'AccountUnlocked').map((e) => e.type);
      locks.forEach((type, i) => expect(type).toBe(i % 2 === 0 ? 'AccountLocked' : 'AccountUnlocked'));
      expect(run.state.locked).toBe(locks.length % 2 === 1);
    }), { numRuns: 100 });
  });

  it('rebuilds from the log to the state the decider saw before every command', () => {
    fc.assert(fc.property(accountCommands, (commands) => everyPrefixRebuilds(decider, replay(decider, commands))), { numRuns: 60 });
  });

  // Found by the property above: RegisterSocialAccount on an erased stream registered it again
  // (registered and erased at once, with the old activation and sessions).
  it('regression: a social registration on an erased account answers 6005 and changes nothing', () => {
    const at = new Date(T0);
    const social = { userId: USER, emailKey: tokenHash(999), email: 'ada@planwerk.de', firstName: 'Ada', lastName: 'L', provider: 'google', language: 'de' as const, emailHolder: null, now: at };
    let state: AccountState = accountDecider.initialState();
    for (const event of accountDecider.decide({ type: 'RegisterSocialAccount', data: social }, state)) state = accountDecider.evolve(state, event);
    for (const event of decideEraseAccount({ now: at }, state)) state = accountDecider.evolve(state, event);
    const again = () => accountDecider.decide({ type: 'RegisterSocialAccount', data: social }, state);
    expect(again).toThrow(DomainError);
    expect(again).toThrow(expect.objectContaining({ code: 6005 }));
  });
});
