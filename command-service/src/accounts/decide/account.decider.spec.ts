import { DomainError } from '@planwerk/events';
import { accountDecider, assertRegistrationAllowed, isActive, type AccountCommand, type AccountState, type DecidedEvent, type SessionStart } from './account.decider';
import { decideLogin, type LogInCommand } from './login';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const USER = '11111111-1111-4111-8111-111111111111';
const hash = (c: string) => c.repeat(64).slice(0, 64);

const register = (adult = true): AccountCommand => ({
  type: 'RegisterAccount',
  data: {
    userId: USER, emailKey: hash('e'), email: 'ada@planwerk.de', firstName: 'Ada', lastName: 'L', parentEmail: adult ? null : 'mum@planwerk.de',
    passwordHash: '$argon2id$x', language: 'de', adult,
    activation: { eventId: '22222222-2222-4222-8222-222222222222', tokenHash: hash('a') },
    parentConfirmation: adult ? null : { eventId: '33333333-3333-4333-8333-333333333333', tokenHash: hash('b') },
    linkLifetimeSeconds: 3600, now: NOW,
  },
});

function given(...commands: AccountCommand[]): AccountState {
  let state = accountDecider.initialState();
  for (const command of commands) for (const event of accountDecider.decide(command, state)) state = accountDecider.evolve(state, event);
  return state;
}

function codeOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a DomainError');
}

const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const activate = (seconds = 60, tokenHash = hash('a')): AccountCommand => ({ type: 'ActivateAccount', data: { tokenHash, now: at(seconds) } });
const session: SessionStart = { sessionId: '44444444-4444-4444-8444-444444444444', tokenHash: hash('s'), deviceId: 'Dev1ce0001', deviceName: 'Mozilla/5.0 (X1', method: 'password', idleSeconds: 60, absoluteSeconds: 600, now: at(120) };
const login = (overrides: Partial<LogInCommand> = {}): LogInCommand => ({
  passwordMatches: true, secondFactorEnabled: false, betaSite: false, session,
  activation: { eventId: '55555555-5555-4555-8555-555555555555', tokenHash: hash('n') }, linkLifetimeSeconds: 3600,
  activationMailIntervalSeconds: 300, ...overrides,
});
const types = (events: DecidedEvent[]) => events.map((e) => e.type);

describe('account decider: registration', () => {
  it('registers an adult with an activation link whose event id carries the token', () => {
    const [event] = accountDecider.decide(register(), accountDecider.initialState());
    expect(event).toMatchObject({ type: 'AccountRegistered', eventId: '22222222-2222-4222-8222-222222222222', data: { adult: true, activationTokenHash: hash('a'), activationExpiresAt: '2026-11-22T11:00:00.000Z' } });
  });

  it('asks a parent below 16 and stays inactive until both links are used', () => {
    expect(types(accountDecider.decide(register(false), accountDecider.initialState()))).toEqual(['AccountRegistered', 'ParentConfirmationRequested']);
    const activated = given(register(false), activate());
    expect(isActive(activated)).toBe(false);
    expect(isActive(given(register(false), activate(), { type: 'ConfirmParentConsent', data: { tokenHash: hash('b'), now: at(60) } }))).toBe(true);
  });

  it('refuses a second registration of the same stream with 6001', () => {
    expect(codeOf(() => accountDecider.decide(register(), given(register())))).toBe(6001);
  });

  it.each([
    [{ mail: 'x@mailinator.com' }, 6009],
    [{ mail: 'kid@planwerk.de', parentMail: ' Kid@Planwerk.de ' }, 6009],
    [{ pass: 'short' }, 'validation_failed'],
    [{ pass: 'password123' }, 'validation_failed'],
    [{ pass: 'aaaaaaaaaaaa' }, 'validation_failed'],
    [{ pass: 'x'.repeat(129) }, 'validation_failed'],
  ])('registration input %j → %s', (override, code) => {
    expect(codeOf(() => assertRegistrationAllowed({ mail: 'ada@planwerk.de', pass: 'ein langer Satz', vorname: 'Ada', nachname: 'L', ...override }))).toBe(code);
  });

  it('accepts a long passphrase of 64 characters without composition rules', () => {
    expect(() => assertRegistrationAllowed({ mail: 'ada@planwerk.de', pass: 'a'.repeat(32) + 'b'.repeat(32), vorname: 'Ada', nachname: 'L' })).not.toThrow();
  });
});

describe('account decider: links are single use and expire', () => {
  it('activates once; the same token again is refused', () => {
    expect(types(accountDecider.decide(activate(), given(register())))).toEqual(['AccountActivated']);
    expect(codeOf(() => accountDecider.decide(activate(), given(register(), activate())))).toBe('not_found');
  });

  it('refuses an expired or unknown token', () => {
    expect(codeOf(() => accountDecider.decide(activate(3601), given(register())))).toBe('not_found');
    expect(codeOf(() => accountDecider.decide(activate(60, hash('z')), given(register())))).toBe('not_found');
  });

  it('answers 6005 for any command on an account that does not exist', () => {
    expect(codeOf(() => accountDecider.decide(activate(), accountDecider.initialState()))).toBe(6005);
  });
});

describe('login decision (spec section 8 codes)', () => {
  const active = () => given(register(), activate());

  it('6005 unknown, 6008 wrong password before anything about the status', () => {
    expect(decideLogin(login(), accountDecider.initialState())).toMatchObject({ kind: 'refused', code: 6005 });
    const locked = given(register(), activate(), { type: 'LockAccount', data: { now: NOW } });
    expect(decideLogin(login({ passwordMatches: false }), locked)).toMatchObject({ kind: 'refused', code: 6008 });
  });

  it('6020 locked, 6022 reset required, 6991 beta without approval', () => {
    expect(decideLogin(login(), given(register(), activate(), { type: 'LockAccount', data: { now: NOW } }))).toMatchObject({ code: 6020 });
    expect(decideLogin(login(), given(register(), activate(), { type: 'RequirePasswordReset', data: { now: NOW } }))).toMatchObject({ code: 6022 });
    expect(decideLogin(login({ betaSite: true }), active())).toMatchObject({ code: 6991 });
    const approved = given(register(), activate(), { type: 'ApproveBetaAccess', data: { now: NOW } });
    expect(decideLogin(login({ betaSite: true }), approved).kind).toBe('session');
  });

  it('6021 before activation, with a new activation mail at most every 5 minutes', () => {
    const early = decideLogin(login(), given(register()));
    expect(early).toEqual({ kind: 'refused', code: 6021, events: [] });
    const later = decideLogin(login({ session: { ...session, now: at(400) } }), given(register()));
    expect(later.kind === 'refused' && types(later.events)).toEqual(['ActivationMailRequested']);
  });

  it('a second factor asks for the code and starts no session', () => {
    expect(decideLogin(login({ secondFactorEnabled: true }), active())).toEqual({ kind: 'second-factor' });
  });

  it('starts a session; a new device is announced once', () => {
    const first = decideLogin(login(), active());
    expect(first.kind === 'session' && types(first.events)).toEqual(['SessionStarted', 'NewDeviceLoggedIn']);
    expect(first.kind === 'session' && first.events[0].data).toMatchObject({ idleExpiresAt: at(180).toISOString(), absoluteExpiresAt: at(720).toISOString() });
    const known = given(register(), activate(), { type: 'StartSession', data: session });
    const second = decideLogin(login(), known);
    expect(second.kind === 'session' && types(second.events)).toEqual(['SessionStarted']);
  });

  it('ends a session once; ending it again changes nothing', () => {
    const state = given(register(), activate(), { type: 'StartSession', data: session });
    const end: AccountCommand = { type: 'EndSession', data: { sessionId: session.sessionId, reason: 'logout', now: at(200) } };
    expect(types(accountDecider.decide(end, state))).toEqual(['SessionEnded']);
    expect(accountDecider.decide(end, given(register(), activate(), { type: 'StartSession', data: session }, end))).toEqual([]);
  });
});
