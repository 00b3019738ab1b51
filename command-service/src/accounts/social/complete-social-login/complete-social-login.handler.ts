import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  SocialIdentityLinked,
  SocialIdentitySignedIn,
  socialIdentityStreamId,
  WrongExpectedVersion,
  type EventStore,
  type NewEvent,
  type SocialEvent,
} from '@planwerk/events';
import { socialIdentityId } from '@planwerk/platform';
import { EVENT_STORE } from '../../../app/tokens';
import { uuidV5 } from '../../../shared/idempotency/deterministic-ids';
import type { OidcGateway, VerifiedIdentity } from '../oidc.port';
import type { SocialAccountsPort } from '../social-accounts.port';
import { socialIdentityDecider, type EmailHolderView, type SocialIdentityState } from '../decide/social-identity.decider';
import type { SocialLoginConfig } from '../social-login.config';
import type { SocialLoginStore } from '../social-login.store';
import { OIDC_GATEWAY, SOCIAL_ACCOUNTS, SOCIAL_LOGIN_CONFIG, SOCIAL_LOGIN_STORE } from '../social-login.tokens';
import { CompleteSocialLogin, type CompleteSocialLoginResult } from './complete-social-login.command';

const SCHEMA_VERSIONS = { SocialIdentityLinked: SocialIdentityLinked.schemaVersion, SocialIdentitySignedIn: SocialIdentitySignedIn.schemaVersion };
const ATTEMPTS = 3;

@CommandHandler(CompleteSocialLogin)
export class CompleteSocialLoginHandler implements ICommandHandler<CompleteSocialLogin> {
  constructor(
    @Inject(SOCIAL_LOGIN_CONFIG) private readonly config: SocialLoginConfig,
    @Inject(OIDC_GATEWAY) private readonly oidc: OidcGateway,
    @Inject(SOCIAL_LOGIN_STORE) private readonly logins: SocialLoginStore,
    @Inject(SOCIAL_ACCOUNTS) private readonly accounts: SocialAccountsPort,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute(command: CompleteSocialLogin): Promise<CompleteSocialLoginResult> {
    const { data } = command;
    // Single use: the attempt is taken before anything else, so a replayed state finds nothing.
    const attempt = await this.logins.consumeAttempt(data.state);
    if (!attempt) throw new DomainError('validation_failed', { field: 'state' });
    if (attempt.deviceId !== null && attempt.deviceId !== data.device) throw new DomainError('validation_failed', { field: 'device' });
    const provider = this.config.providers.find((p) => p.name === attempt.provider);
    if (!provider) throw new DomainError('validation_failed', { field: 'state' });

    const params = new URLSearchParams({ state: data.state });
    for (const key of ['code', 'iss', 'error', 'error_description'] as const) {
      const value = data[key];
      if (value !== undefined) params.set(key, value);
    }
    const identity = await this.oidc.exchange({
      provider, redirectUri: this.config.redirectUri, state: data.state, nonce: attempt.nonce, codeVerifier: attempt.codeVerifier, params,
    });

    const identityId = socialIdentityId(identity.issuer, identity.subject);
    const streamId = socialIdentityStreamId(identityId);
    const newUserId = uuidV5(`social-user\n${identityId}`);
    const input = { metadata: command.metadata, ids: command.ids };
    for (let round = 1; ; round += 1) {
      const slice = await this.store.readStream(streamId);
      const state = slice.events.reduce((s, e) => socialIdentityDecider.evolve(s, e as unknown as SocialEvent), socialIdentityDecider.initialState());
      const emailHolder = state.status === 'unlinked' && identity.email !== null ? await this.emailHolder(identity.email) : null;
      const events = socialIdentityDecider.decide({
        type: 'SignInWithSocialIdentity',
        data: {
          identityId, provider: provider.name, issuer: identity.issuer, subject: identity.subject, email: identity.email,
          emailVerified: identity.emailVerified, deviceId: data.device, newUserId, emailHolder,
        },
      }, state);
      const linked = events.find((e) => e.type === 'SocialIdentityLinked');
      const userId = linked ? linked.data.userId : (state as Extract<SocialIdentityState, { status: 'linked' }>).userId;
      if (linked) await this.accounts.createUserFromSocialIdentity({ ...linked.data, firstName: identity.firstName, lastName: identity.lastName, input });
      let checkpoint: string;
      try {
        const result = await this.store.append(streamId, this.toNewEvents(command, events, streamId, slice.version, userId), {
          expectedVersion: slice.version === 0 ? 'no_stream' : slice.version,
        });
        checkpoint = result.checkpoint;
      } catch (error) {
        // A concurrent first login linked it meanwhile: decide again on the new state.
        if (error instanceof WrongExpectedVersion && round < ATTEMPTS) continue;
        if (error instanceof WrongExpectedVersion) throw new DomainError('conflict', { details: { streamId } });
        throw error;
      }
      // The lookup row is derived data: written after the append and healed at every login.
      const email = linked ? linked.data.email : state.status === 'linked' ? state.email : '';
      await this.logins.recordIdentity({ identityId, provider: provider.name, userId, email });
      const session = await this.accounts.issueSession({ userId, deviceId: data.device, deviceName: data.name ?? '', input });
      return {
        action: linked ? 'setup' : 'login',
        setup: linked ? setupOf(userId, identity, provider.name) : null,
        uid: userId,
        token: session.token,
        origin: attempt.origin,
        checkpoint,
      };
    }
  }

  private async emailHolder(email: string): Promise<EmailHolderView | null> {
    const holder = await this.accounts.findEmailHolder(email);
    if (holder?.socialProvider) return { userId: holder.userId, socialProvider: holder.socialProvider };
    const social = holder ? await this.logins.findByUserId(holder.userId) : await this.logins.findByEmail(email);
    if (social) return { userId: social.userId, socialProvider: social.provider };
    return holder ? { userId: holder.userId, socialProvider: null } : null;
  }

  private toNewEvents(command: CompleteSocialLogin, events: SocialEvent[], streamId: string, version: number, userId: string): NewEvent[] {
    return events.map((event, index) => ({
      eventId: command.ids.next(`event:${streamId}:${version + index}`),
      type: event.type,
      data: event.data,
      metadata: {
        commandId: command.metadata.commandId,
        correlationId: command.metadata.correlationId,
        causationId: command.metadata.causationId,
        // The person signing in did it; their key encrypts the identity's personal fields.
        actor: { kind: 'user', id: userId },
        teamId: null,
        schemaVersion: SCHEMA_VERSIONS[event.type],
        personId: userId,
      },
    }));
  }
}

function setupOf(uid: string, identity: VerifiedIdentity, provider: string) {
  return { uid, mail: identity.email ?? '', vorname: identity.firstName, nachname: identity.lastName, provider };
}
