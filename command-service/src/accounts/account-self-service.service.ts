import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  WrongExpectedVersion,
  type AccountEvent,
  type DeleteAccountBody,
  type EventStore,
  type PutUserPreferencesBody,
  type RequestPasswordResetBody,
  type ResetPasswordBody,
  type UserPreferences,
} from '@planwerk/events';
import {
  emailKeyFor,
  findLinkOwner,
  findLoginByEmailKey,
  hashToken,
  linkTokenFor,
  type AccountsConfig,
} from '@planwerk/platform';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import type { AuthenticatedSession } from '../shared/http/request-context';
import { CLOCK, type Clock } from '@planwerk/platform';
import { ACCOUNTS_CONFIG } from '../shared/auth/auth.tokens';
import { LinkTokenNotUsable } from './decide/account.decider';
import { accountStream, AccountRepository, emailReservationStream } from './account.repository';
import type { CommandInput } from './accounts.service';
import {
  decideEndSessions,
  decideEraseAccount,
  decideRequestPasswordReset,
  decideResetPassword,
  newPasswordProblem,
  releaseEmail,
  resetLinkUsable,
  type EndSessions,
} from './decide/self-service';
import { accountScope, LoginThrottle } from './login-throttle';
import { PasswordHasher } from './password-hasher';
import { SecondFactorStatus } from './second-factor-status';
import { runSecondFactorCommand } from './second-factor/second-factor.streams';
import { enteredCode } from './second-factor/totp';
import { userPreferencesDecider, type UserPreferencesState } from './decide/user-preferences.decider';

export const userPreferencesStream = (userId: string): string => `user-preferences-${userId}`;

/**
 * The reset request answers after at least this long, whatever happened: the time does not
 * tell whether the address is registered (security page).
 */
export const RESET_REQUEST_ANSWER_MS = 300;

/** Password reset, sessions, preferences and erasure: what a person does with their own account. */
@Injectable()
export class AccountSelfService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly accounts: AccountRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly secondFactor: SecondFactorStatus,
  ) {}

  /** POST /v5/auth/reset: one neutral answer for every address, after the same time. */
  async requestPasswordReset(body: RequestPasswordResetBody, input: CommandInput): Promise<{ requested: true }> {
    const floor = sleep(RESET_REQUEST_ANSWER_MS);
    try {
      const login = await findLoginByEmailKey(this.pool, emailKeyFor(this.config.keys, body.mail));
      if (login) {
        const eventId = input.ids.next('link:password-reset');
        const link = { eventId, tokenHash: hashToken(linkTokenFor(this.config.keys, eventId)) };
        const now = this.clock.now();
        await this.accounts.mutate(login.userId, input.metadata, input.ids, (state) => ({
          events: decideRequestPasswordReset({ link, linkLifetimeSeconds: this.config.linkLifetimeSeconds, now }, state),
          result: null,
        }));
      }
    } finally {
      await floor;
    }
    return { requested: true };
  }

  /** PUT /v5/auth/reset: a usable link sets the new password; the block and the 6022 flag lift. */
  async resetPassword(body: ResetPasswordBody, session: AuthenticatedSession | null, input: CommandInput) {
    const tokenHash = hashToken(body.token);
    const userId = await findLinkOwner(this.pool, tokenHash, 'password-reset');
    if (!userId) throw new LinkTokenNotUsable();
    const now = this.clock.now();
    const before = await this.accounts.load(userId);
    // Unknown, used and expired links answer alike, before any password is hashed.
    if (!resetLinkUsable(before.state, tokenHash, now)) throw new LinkTokenNotUsable();
    const problem = newPasswordProblem(before.state, body.pass);
    if (problem !== null) throw new DomainError('validation_failed', { field: 'pass', details: { problem } });
    const passwordHash = await this.hasher.hash(body.pass);
    const currentSessionId = session?.userId === userId ? session.sessionId : null;
    const { result, append, state: after } = await this.accounts.mutate(userId, input.metadata, input.ids, (state) => {
      const events = decideResetPassword({ tokenHash, passwordHash, currentSessionId, signOutEverywhere: body.signOutEverywhere, now }, state);
      return { events, result: events.filter((e) => e.type === 'SessionEnded').length };
    });
    // The brute-force block of the account lifts: the real owner proved the mailbox.
    await this.throttle.clear([accountScope(after.emailKey)]);
    return { changed: true as const, endedSessions: result, checkpoint: append?.checkpoint ?? (await this.accounts.head()) };
  }

  /** DELETE /v5/user/sessions/{id} and ?others=true: only the caller's own account stream is consulted. */
  async endSessions(
    session: AuthenticatedSession,
    which: { kind: 'one'; sessionId: string } | { kind: 'others' },
    input: CommandInput,
  ): Promise<{ ended: number; checkpoint: string }> {
    const now = this.clock.now();
    const command: EndSessions = which.kind === 'one' ? { ...which, now } : { kind: 'others', currentSessionId: session.sessionId, now };
    const { result, append } = await this.accounts.mutate(session.userId, input.metadata, input.ids, (state) => {
      const events = decideEndSessions(command, state);
      return { events, result: events.length };
    });
    return { ended: result, checkpoint: append?.checkpoint ?? (await this.accounts.head()) };
  }

  async loadPreferences(userId: string): Promise<{ state: UserPreferencesState; version: number }> {
    const slice = await this.store.readStream(userPreferencesStream(userId));
    let state = userPreferencesDecider.initialState();
    for (const event of slice.events) state = userPreferencesDecider.evolve(state, { type: event.type, data: event.data } as AccountEvent);
    return { state, version: slice.version };
  }

  /** PUT /v5/user/{uid}/ui on the stream `user-preferences-<uid>`; the inline table follows in the same transaction. */
  async putPreferences(userId: string, body: PutUserPreferencesBody, input: CommandInput): Promise<UserPreferences & { checkpoint: string }> {
    for (let attempt = 1; ; attempt += 1) {
      const { state, version } = await this.loadPreferences(userId);
      const events = userPreferencesDecider.decide({ type: 'PutUserPreferences', data: { userId, body, now: this.clock.now() } }, state);
      try {
        const append = await this.accounts.append([{ streamId: userPreferencesStream(userId), expected: version === 0 ? 'no_stream' : version, events }], userId, input.metadata, input.ids);
        const after = events.reduce(userPreferencesDecider.evolve, state);
        return { ...after.preferences, checkpoint: append?.checkpoint ?? (await this.accounts.head()) };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion) || attempt >= 3) throw error;
      }
    }
  }

  /**
   * DELETE /v5/user: the password (and a second-factor code when on) proves the person; then the
   * key is destroyed, every session ends, `AccountErased` is recorded and the address is free.
   */
  async deleteAccount(session: AuthenticatedSession, body: DeleteAccountBody, input: CommandInput): Promise<{ erased: true; checkpoint: string }> {
    const { userId } = session;
    const loaded = await this.accounts.load(userId);
    const matches = await this.hasher.verify(loaded.state.registered ? loaded.state.passwordHash : null, body.pass);
    if (!loaded.state.registered) throw new DomainError(6011);
    if (!matches) throw new DomainError(6008, { field: 'pass' });
    if (await this.secondFactor.isEnabled(userId)) {
      if (body.code === undefined) throw new DomainError('validation_failed', { field: 'code' });
      const now = this.clock.now();
      await runSecondFactorCommand({
        store: this.store, metadata: input.metadata, ids: input.ids,
        command: { type: 'VerifyLoginCode', data: { userId, mode: body.mode, code: enteredCode(body.code, now), now } },
      });
    }
    // The key first: should the append fail, the person retries with a still valid session.
    await this.accounts.eraseKey(userId);
    const now = this.clock.now();
    for (let attempt = 1; ; attempt += 1) {
      const { state, version } = await this.accounts.load(userId);
      const reservation = await this.store.readStream(emailReservationStream(state.emailKey));
      try {
        const append = await this.accounts.append([
          { streamId: accountStream(userId), expected: version, events: decideEraseAccount({ now }, state) },
          { streamId: emailReservationStream(state.emailKey), expected: reservation.version, events: [releaseEmail(state, now)] },
        ], userId, input.metadata, input.ids);
        await this.throttle.clear([accountScope(state.emailKey)]);
        return { erased: true, checkpoint: append?.checkpoint ?? (await this.accounts.head()) };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion) || attempt >= 3) throw error;
      }
    }
  }
}
