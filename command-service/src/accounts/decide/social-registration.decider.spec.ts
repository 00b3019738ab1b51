import { accountDecider, isActive, type AccountCommand, type AccountState } from './account.decider';
import { SocialAddressAlreadyRegistered, type SocialRegistration } from './social-registration.decider';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '99999999-9999-4999-8999-999999999999';
const EMAIL_KEY = 'e'.repeat(64);

const registerSocial = (data: Partial<SocialRegistration> = {}): AccountCommand => ({
  type: 'RegisterSocialAccount',
  data: {
    userId: USER, emailKey: EMAIL_KEY, email: 'alice@planwerk.de', firstName: 'Alice', lastName: 'Muster', provider: 'google',
    language: 'de', emailHolder: null, now: NOW, ...data,
  },
});

function given(...commands: AccountCommand[]): AccountState {
  let state = accountDecider.initialState();
  for (const command of commands) for (const event of accountDecider.decide(command, state)) state = accountDecider.evolve(state, event);
  return state;
}

describe('account decider: registration by social login', () => {
  it('given a free address, then a social account without password is registered', () => {
    expect(accountDecider.decide(registerSocial(), accountDecider.initialState())).toEqual([{
      type: 'SocialAccountRegistered',
      data: {
        userId: USER, emailKey: EMAIL_KEY, email: 'alice@planwerk.de', firstName: 'Alice', lastName: 'Muster', provider: 'google',
        language: 'de', registeredAt: NOW.toISOString(),
      },
    }]);
  });

  it('is active at once (no activation mail) and remembers its provider, with no password hash', () => {
    const state = given(registerSocial());
    expect(isActive(state)).toBe(true);
    expect(state).toMatchObject({ registered: true, socialProvider: 'google', passwordHash: '', links: {}, lastActivationMailAt: null });
    expect(state.profile).toEqual({ email: 'alice@planwerk.de', firstName: 'Alice', lastName: 'Muster' });
  });

  it('given the address reserved by another account, then 6004', () => {
    const then = () => accountDecider.decide(registerSocial({ emailHolder: OTHER }), accountDecider.initialState());
    expect(then).toThrow(SocialAddressAlreadyRegistered);
    expect(then).toThrow(expect.objectContaining({ code: 6004, httpStatus: 409 }));
  });

  it('given the address reserved by the same user (a retried first login), then it registers', () => {
    expect(accountDecider.decide(registerSocial({ emailHolder: USER }), accountDecider.initialState()).map((e) => e.type)).toEqual(['SocialAccountRegistered']);
  });

  it('given the user exists already, then nothing is appended (a repeated call is a no-op)', () => {
    expect(accountDecider.decide(registerSocial({ emailHolder: USER }), given(registerSocial()))).toEqual([]);
  });

  it('a social account can start sessions like any active account', () => {
    const session = {
      sessionId: '44444444-4444-4444-8444-444444444444', tokenHash: 'a'.repeat(64), deviceId: 'Dev1ce0001', deviceName: 'Jest',
      method: 'social' as const, idleSeconds: 60, absoluteSeconds: 600, now: NOW,
    };
    const events = accountDecider.decide({ type: 'StartSession', data: session }, given(registerSocial()));
    expect(events.map((e) => e.type)).toEqual(['SessionStarted', 'NewDeviceLoggedIn']);
    expect(events[0]?.data).toMatchObject({ userId: USER, method: 'social' });
  });

  it('a password registration of the same account stream is still refused with 6001', () => {
    const state = given(registerSocial());
    const register: AccountCommand = {
      type: 'RegisterAccount',
      data: {
        userId: USER, emailKey: EMAIL_KEY, email: 'alice@planwerk.de', firstName: 'A', lastName: 'M', parentEmail: null, passwordHash: '$argon2id$x',
        language: 'de', adult: true, activation: { eventId: '22222222-2222-4222-8222-222222222222', tokenHash: 'b'.repeat(64) },
        parentConfirmation: null, linkLifetimeSeconds: 60, now: NOW,
      },
    };
    expect(() => accountDecider.decide(register, state)).toThrow(expect.objectContaining({ code: 6001 }));
  });
});
