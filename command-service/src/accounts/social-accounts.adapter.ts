import { Inject, Injectable } from '@nestjs/common';
import { AccountEmailReserved, WrongExpectedVersion, type EventStore } from '@planwerk/events';
import { type AccountsConfig, CLOCK, type Clock, emailKeyFor, findLoginByEmailKey } from '@planwerk/platform';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import { ACCOUNTS_CONFIG } from '../shared/auth/auth.tokens';
import { accountDecider } from './decide/account.decider';
import { accountStream, AccountRepository, emailReservationStream } from './account.repository';
import { AccountsService } from './accounts.service';
import type { EmailHolder, IssuedSession, NewSocialUser, SessionRequest, SocialAccountsPort } from './social/social-accounts.port';

const ATTEMPTS = 3;

// The accounts core behind social login's port (SOCIAL_ACCOUNTS).
@Injectable()
export class SocialAccountsAdapter implements SocialAccountsPort {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly repository: AccountRepository,
    private readonly accounts: AccountsService,
  ) {}

  /** The e-mail pseudonym of ADR 0004, for social login's own lookup table. */
  readonly emailKey = (mail: string): string => emailKeyFor(this.config.keys, mail);

  async findEmailHolder(email: string): Promise<EmailHolder | null> {
    const login = await findLoginByEmailKey(this.pool, this.emailKey(email));
    return login ? { userId: login.userId, socialProvider: login.socialProvider } : null;
  }

  async createUserFromSocialIdentity(user: NewSocialUser): Promise<void> {
    const emailKey = this.emailKey(user.email);
    for (let attempt = 1; ; attempt += 1) {
      const [{ state, version }, emailHolder] = await Promise.all([this.repository.load(user.userId), this.reservationHolder(emailKey)]);
      const events = accountDecider.decide({
        type: 'RegisterSocialAccount',
        data: {
          userId: user.userId, emailKey, email: user.email, firstName: user.firstName, lastName: user.lastName,
          provider: user.provider, language: 'de', emailHolder, now: this.clock.now(),
        },
      }, state);
      if (events.length === 0) return;
      try {
        // One transaction: the reservation (no_stream, as a registration) and the account.
        await this.repository.append([
          ...(emailHolder === null
            ? [{ streamId: emailReservationStream(emailKey), expected: 'no_stream' as const, events: [{ type: 'AccountEmailReserved' as const, data: { emailKey, userId: user.userId } }] }]
            : []),
          { streamId: accountStream(user.userId), expected: version === 0 ? 'no_stream' : version, events },
        ], user.userId, user.input.metadata, user.input.ids);
        return;
      } catch (error) {
        // Someone reserved the address (or created this user) meanwhile: decide again.
        if (!(error instanceof WrongExpectedVersion) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  async issueSession(request: SessionRequest): Promise<IssuedSession> {
    const session = await this.accounts.startSession(request.userId, { deviceId: request.deviceId, name: request.deviceName }, 'social', request.input);
    return { token: session.token };
  }

  private async reservationHolder(emailKey: string): Promise<string | null> {
    const slice = await this.store.readStream(emailReservationStream(emailKey));
    const reserved = slice.events.find((e) => e.type === AccountEmailReserved.type);
    return reserved ? AccountEmailReserved.schema.parse(reserved.data).userId : null;
  }
}
