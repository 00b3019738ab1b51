import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  socialAccountConflict,
  WrongExpectedVersion,
  type AccountUser,
  type LinkTokenBody,
  type LogInBody,
  type LoginAnswer,
  type RegisterBody,
} from '@planwerk/events';
import {
  deviceNameOf,
  emailKeyFor,
  findActiveSession,
  findLinkOwner,
  findLoginByEmailKey,
  hashToken,
  linkTokenFor,
  newSessionToken,
  parseAuthorization,
  signLoginChallenge,
  verifyLoginChallenge,
  type AccountsConfig,
} from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { accountDecider, assertRegistrationAllowed, isActive, LinkTokenNotUsable, type AccountState, type NewLink, type SessionStart } from './decide/account.decider';
import { accountStream, AccountRepository, emailReservationStream } from './account.repository';
import { CLOCK, type Clock } from '@planwerk/platform';
import { ACCOUNTS_CONFIG } from '../shared/auth/auth.tokens';
import { decideLogin } from './decide/login';
import { accountScope, clientScope, LoginThrottle } from './login-throttle';
import { PasswordHasher } from './password-hasher';
import { SecondFactorStatus } from './second-factor-status';
import { socialAccountConflictFor, type SocialAccountLookup } from './social/social-account-conflict';

export interface Device {
  deviceId: string;
  /** The browser identifier; its first 15 characters name the device. */
  name: string;
}

export interface CommandInput {
  metadata: CommandMetadata;
  ids: IdSource;
}

const ACTIVATION_MAIL_INTERVAL_SECONDS = 300;

/** Registration, activation, login and sessions of the accounts core (ADR 0004). */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly accounts: AccountRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly secondFactor: SecondFactorStatus,
  ) {}

  async register(body: RegisterBody, { metadata, ids }: CommandInput): Promise<{ uid: string; checkpoint: string }> {
    assertRegistrationAllowed({ mail: body.mail, parentMail: body.parentMail, pass: body.pass, vorname: body.vorname, nachname: body.nachname });
    // An address of a social account names its provider (6002/6003/6012/6006) rather than 6001.
    const conflict = await socialAccountConflictFor(this.socialAccounts, 'password-sign-up', body.mail);
    if (conflict) throw conflict;
    const userId = ids.next('userId');
    const emailKey = emailKeyFor(this.config.keys, body.mail);
    const passwordHash = await this.hasher.hash(body.pass);
    const events = accountDecider.decide({
      type: 'RegisterAccount',
      data: {
        userId, emailKey, email: body.mail, firstName: body.vorname, lastName: body.nachname,
        parentEmail: body.age ? null : (body.parentMail ?? null), passwordHash, language: body.lang, adult: body.age,
        activation: this.newLink(ids, 'activation'), parentConfirmation: body.age ? null : this.newLink(ids, 'parent-confirmation'),
        linkLifetimeSeconds: this.config.linkLifetimeSeconds, now: this.clock.now(),
      },
    }, accountDecider.initialState());
    try {
      // The reservation stream decides who owns the address: of two registrations one wins (6001).
      const result = await this.accounts.append([
        { streamId: emailReservationStream(emailKey), expected: await this.reservationExpected(emailKey), events: [{ type: 'AccountEmailReserved', data: { emailKey, userId } }] },
        { streamId: accountStream(userId), expected: 'no_stream', events },
      ], userId, metadata, ids);
      return { uid: userId, checkpoint: result?.checkpoint ?? '' };
    } catch (error) {
      if (error instanceof WrongExpectedVersion) throw new DomainError(6001, { field: 'mail' });
      throw error;
    }
  }

  activate(body: LinkTokenBody, input: CommandInput): Promise<{ active: boolean; checkpoint: string }> {
    return this.useLink(body, 'activation', input, (tokenHash, now) => ({ type: 'ActivateAccount', data: { tokenHash, now } }));
  }

  confirmParent(body: LinkTokenBody, input: CommandInput): Promise<{ active: boolean; checkpoint: string }> {
    return this.useLink(body, 'parent-confirmation', input, (tokenHash, now) => ({ type: 'ConfirmParentConsent', data: { tokenHash, now } }));
  }

  async logIn(body: LogInBody, client: { ip: string }, input: CommandInput): Promise<LoginAnswer> {
    const now = this.clock.now();
    const emailKey = emailKeyFor(this.config.keys, body.mail);
    const login = await findLoginByEmailKey(this.pool, emailKey);
    const loaded = login ? await this.accounts.load(login.userId) : null;
    // A social account has no password: its button is the way in (6006). Not a guess, not counted.
    if (loaded?.state.registered && loaded.state.socialProvider !== null) throw socialAccountConflict('password-login', loaded.state.socialProvider);
    // The attempt is counted before the password is checked (known or unknown address alike).
    const scopes = { account: accountScope(emailKey), client: clientScope(client.ip) };
    const reservation = await this.throttle.reserve([scopes.account, scopes.client], now, this.config.loginDelayBaseMs);
    if (!reservation.allowed) throw loginThrottled(reservation.retryAfterMs);

    // Exactly one Argon2 run whatever the address: the timing does not tell whether it exists.
    const passwordMatches = await this.hasher.verify(loaded?.state.registered ? loaded.state.passwordHash : null, body.pass);
    if (!login || !loaded?.state.registered) throw new DomainError(6005, { field: 'mail' });
    if (!passwordMatches) throw new DomainError(6008);
    const secondFactorEnabled = await this.secondFactor.isEnabled(login.userId);
    const token = newSessionToken();
    const device: Device = { deviceId: body.device, name: body.name };
    const { result, state: after } = await this.accounts.mutate(login.userId, input.metadata, input.ids, (state) => {
      const decision = decideLogin({
        passwordMatches, secondFactorEnabled, betaSite: this.config.betaSite,
        session: this.sessionStart(token, device, 'password', now, input.ids),
        activation: this.newLink(input.ids, 'activation'), linkLifetimeSeconds: this.config.linkLifetimeSeconds,
        activationMailIntervalSeconds: ACTIVATION_MAIL_INTERVAL_SECONDS,
      }, state);
      return { events: decision.kind === 'second-factor' ? [] : decision.events, result: decision };
    });
    await this.throttle.succeeded(scopes);
    switch (result.kind) {
      case 'refused':
        throw new DomainError(result.code);
      case 'second-factor':
        return { mode: '2fa', state: this.createLoginChallenge(login.userId, device) };
      case 'session':
        return { token: `${token}.${body.device}`, user: userOf(after) };
      default:
        throw new Error('Unhandled login decision');
    }
  }

  /** PUT /v5/auth/token: the same session, answered as a relogin with the user data. */
  async restore(authorization: string): Promise<{ token: string; user: AccountUser }> {
    const credentials = parseAuthorization(authorization);
    const session = credentials && (await findActiveSession(this.pool, credentials, { now: this.clock.now(), idleSeconds: this.config.sessionIdleSeconds }));
    if (!credentials || !session) throw new DomainError(6011);
    const { state } = await this.accounts.load(session.userId);
    if (!isActive(state) || state.locked) throw new DomainError(6011);
    return { token: `${credentials.token}.${credentials.deviceId}`, user: userOf(state) };
  }

  /** POST /v5/auth/logout: revoked on the server. An unknown or ended session is already logged out. */
  async logOut(authorization: string, input: CommandInput): Promise<{ loggedOut: true }> {
    const credentials = parseAuthorization(authorization);
    const session = credentials && (await findActiveSession(this.pool, credentials, { now: this.clock.now(), idleSeconds: this.config.sessionIdleSeconds }));
    if (session) {
      const now = this.clock.now();
      await this.accounts.mutate(session.userId, input.metadata, input.ids, (state) => ({
        events: accountDecider.decide({ type: 'EndSession', data: { sessionId: session.sessionId, reason: 'logout', now } }, state),
        result: null,
      }));
    }
    return { loggedOut: true };
  }

  /** The `state` of a `{ mode: '2fa' }` answer; `completeLoginChallenge` turns it into a session. */
  createLoginChallenge(userId: string, device: Device): string {
    return signLoginChallenge(this.config.keys, { userId, deviceId: device.deviceId, deviceName: deviceNameOf(device.name) }, this.clock.now());
  }

  /** The user behind a valid, unexpired and unused challenge, or null. */
  async findPendingLogin(state: string): Promise<{ userId: string } | null> {
    const challenge = verifyLoginChallenge(this.config.keys, state, this.clock.now());
    if (!challenge) return null;
    const used = await this.pool.query('SELECT 1 FROM account_login_challenges_used WHERE nonce = $1', [challenge.nonce]);
    return (used.rowCount ?? 0) > 0 ? null : { userId: challenge.userId };
  }

  /** Consumes the challenge (single use) and issues the session on the device that passed the second factor. */
  async completeLoginChallenge(state: string, device: Device, input: CommandInput): Promise<{ token: string; user: AccountUser }> {
    const challenge = verifyLoginChallenge(this.config.keys, state, this.clock.now());
    if (!challenge || challenge.deviceId !== device.deviceId) throw new DomainError(6011);
    const consumed = await this.pool.query(
      'INSERT INTO account_login_challenges_used (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING',
      [challenge.nonce, challenge.expiresAt],
    );
    if (consumed.rowCount !== 1) throw new DomainError(6011);
    return this.startSession(challenge.userId, device, 'second-factor', input);
  }

  /** A new session for an account that proved itself otherwise (second factor, passkey, social login). */
  async startSession(userId: string, device: Device, method: SessionStart['method'], input: CommandInput): Promise<{ token: string; user: AccountUser }> {
    const token = newSessionToken();
    const now = this.clock.now();
    const { state } = await this.accounts.mutate(userId, input.metadata, input.ids, (current) => ({
      events: accountDecider.decide({ type: 'StartSession', data: this.sessionStart(token, device, method, now, input.ids) }, current),
      result: null,
    }));
    return { token: `${token}.${device.deviceId}`, user: userOf(state) };
  }

  /** The user id of a live session for `authorization`, or null. */
  async signedInUser(authorization: string | undefined): Promise<string | null> {
    const credentials = parseAuthorization(authorization);
    if (!credentials) return null;
    const session = await findActiveSession(this.pool, credentials, { now: this.clock.now(), idleSeconds: this.config.sessionIdleSeconds });
    return session?.userId ?? null;
  }

  /** Support operators' decisions (lock, unlock, require a reset, beta approval). */
  async apply(userId: string, type: 'LockAccount' | 'UnlockAccount' | 'RequirePasswordReset' | 'ApproveBetaAccess', input: CommandInput): Promise<void> {
    const now = this.clock.now();
    await this.accounts.mutate(userId, input.metadata, input.ids, (state) => ({ events: accountDecider.decide({ type, data: { now } }, state), result: null }));
  }

  private async useLink(
    body: LinkTokenBody,
    purpose: 'activation' | 'parent-confirmation',
    input: CommandInput,
    command: (tokenHash: string, now: Date) => Parameters<typeof accountDecider.decide>[0],
  ): Promise<{ active: boolean; checkpoint: string }> {
    const tokenHash = hashToken(body.token);
    const userId = await findLinkOwner(this.pool, tokenHash, purpose);
    if (!userId) throw new LinkTokenNotUsable();
    const now = this.clock.now();
    const { append, state } = await this.accounts.mutate(userId, input.metadata, input.ids, (current) => {
      const events = accountDecider.decide(command(tokenHash, now), current);
      return { events, result: null };
    });
    return { active: isActive(state), checkpoint: append?.checkpoint ?? (await this.accounts.head()) };
  }

  /** Social accounts by address, from the inline login rows. */
  private readonly socialAccounts: SocialAccountLookup = {
    findByEmail: async (mail) => {
      const login = await findLoginByEmailKey(this.pool, emailKeyFor(this.config.keys, mail));
      return login?.socialProvider ? { userId: login.userId, provider: login.socialProvider } : null;
    },
  };

  // A fresh address, or one an erased account released (AccountEmailReleased last): the
  // expected version still lets only one of two concurrent registrations win.
  private async reservationExpected(emailKey: string): Promise<'no_stream' | number> {
    const reservation = await this.accounts.readReservation(emailKey);
    if (reservation.version === 0) return 'no_stream';
    if (reservation.lastType === 'AccountEmailReleased') return reservation.version;
    throw new DomainError(6001, { field: 'mail' });
  }

  private newLink(ids: IdSource, label: string): NewLink {
    const eventId = ids.next(`link:${label}`);
    return { eventId, tokenHash: hashToken(linkTokenFor(this.config.keys, eventId)) };
  }

  private sessionStart(token: string, device: Device, method: SessionStart['method'], now: Date, ids: IdSource): SessionStart {
    return {
      sessionId: ids.next('sessionId'), tokenHash: hashToken(token), deviceId: device.deviceId, deviceName: deviceNameOf(device.name),
      method, idleSeconds: this.config.sessionIdleSeconds, absoluteSeconds: this.config.sessionAbsoluteSeconds, now,
    };
  }
}

/** Too many attempts: a short delay, not a lock (the console says when to try again). */
export function loginThrottled(retryAfterMs: number): DomainError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new DomainError('login_throttled', { params: { minutes: String(minutes) }, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
}

/** The spec's User fields that exist (section 3). */
export function userOf(state: AccountState): AccountUser {
  const vorname = state.profile.firstName ?? '';
  const nachname = state.profile.lastName ?? '';
  return {
    uid: state.userId, name: `${vorname} ${nachname}`.trim(), vorname, nachname, mail: state.profile.email ?? '',
    type: 'user', login_type: state.socialProvider === null ? 'password' : 'social', status: 'active', mail_status: 'confirmed',
  };
}
