import { DomainError, socialAccountConflict, type SocialEvent } from '@planwerk/events';

// One social identity (issuer, subject) and the user it signs in (spec section 4, Login session).
export type SocialIdentityState =
  | { status: 'unlinked' }
  | { status: 'linked'; userId: string; provider: string; email: string };

/** Who already holds the identity's e-mail address; `socialProvider` when it is a social account. */
export interface EmailHolderView {
  userId: string;
  socialProvider: string | null;
}

export interface SignInWithSocialIdentityData {
  identityId: string;
  provider: string;
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  deviceId: string;
  /** The id a new user gets; derived from the identity by the handler. */
  newUserId: string;
  emailHolder: EmailHolderView | null;
}

export type SocialIdentityCommand = { type: 'SignInWithSocialIdentity'; data: SignInWithSocialIdentityData };

export class SocialEmailRegisteredAsPasswordAccount extends DomainError {
  constructor(provider: string) {
    super(6004, { details: { provider } });
    this.name = 'SocialEmailRegisteredAsPasswordAccount';
  }
}

// Without an address the provider vouches for, a new account could take someone else's.
export class SocialEmailNotUsable extends DomainError {
  constructor(provider: string, reason: 'missing' | 'unverified') {
    super(6009, { details: { provider, reason } });
    this.name = 'SocialEmailNotUsable';
  }
}

export function initialSocialIdentityState(): SocialIdentityState {
  return { status: 'unlinked' };
}

export function evolve(state: SocialIdentityState, event: SocialEvent): SocialIdentityState {
  switch (event.type) {
    case 'SocialIdentityLinked':
      return { status: 'linked', userId: event.data.userId, provider: event.data.provider, email: event.data.email };
    case 'SocialIdentitySignedIn':
      return state;
    default:
      return exhaustive(event, state);
  }
}

export function decide(command: SocialIdentityCommand, state: SocialIdentityState): SocialEvent[] {
  switch (command.type) {
    case 'SignInWithSocialIdentity':
      return signIn(command.data, state);
    default:
      return exhaustive(command.type, []);
  }
}

function signIn(data: SignInWithSocialIdentityData, state: SocialIdentityState): SocialEvent[] {
  const { identityId, provider, deviceId } = data;
  // A known identity signs in whatever its e-mail says today: the key is (issuer, subject).
  if (state.status === 'linked') {
    return [{ type: 'SocialIdentitySignedIn', data: { identityId, provider, userId: state.userId, deviceId } }];
  }
  if (data.email === null) throw new SocialEmailNotUsable(provider, 'missing');
  if (!data.emailVerified) throw new SocialEmailNotUsable(provider, 'unverified');
  const holder = data.emailHolder;
  // The holder may be this identity's own user, created before a crash cut the link short.
  if (holder !== null && holder.userId !== data.newUserId) {
    if (holder.socialProvider !== null) throw socialAccountConflict('social-sign-up', holder.socialProvider);
    throw new SocialEmailRegisteredAsPasswordAccount(provider);
  }
  return [
    {
      type: 'SocialIdentityLinked',
      data: { identityId, provider, issuer: data.issuer, subject: data.subject, userId: data.newUserId, email: data.email },
    },
    { type: 'SocialIdentitySignedIn', data: { identityId, provider, userId: data.newUserId, deviceId } },
  ];
}

function exhaustive<T>(value: never, fallback: T): T {
  void value;
  return fallback;
}

export const socialIdentityDecider = { initialState: initialSocialIdentityState, evolve, decide };
