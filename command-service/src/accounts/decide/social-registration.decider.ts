import { DomainError, type AccountEvent } from '@planwerk/events';

// An account created by social login (RegisterSocialAccount on `account-<userId>`): no
// password, active at once because the provider verified the address.

export interface SocialRegistration {
  userId: string; emailKey: string; email: string; firstName: string; lastName: string; provider: string;
  language: 'de' | 'en' | 'fr' | 'it';
  /** Who holds the address's reservation stream (`account-email-<emailKey>`) now, if anyone. */
  emailHolder: string | null;
  now: Date;
}

// Spec 6004: the address of a new social identity already belongs to another account.
export class SocialAddressAlreadyRegistered extends DomainError {
  constructor(provider: string) {
    super(6004, { details: { provider } });
    this.name = 'SocialAddressAlreadyRegistered';
  }
}

// The reservation decides who owns the address. The same user holding it (a retried first
// login) is fine, and a user that exists already is not registered twice.
export function registerSocial(d: SocialRegistration, state: { registered: boolean }): AccountEvent[] {
  if (state.registered) return [];
  if (d.emailHolder !== null && d.emailHolder !== d.userId) throw new SocialAddressAlreadyRegistered(d.provider);
  return [{
    type: 'SocialAccountRegistered',
    data: {
      userId: d.userId, emailKey: d.emailKey, email: d.email, firstName: d.firstName, lastName: d.lastName,
      provider: d.provider, language: d.language, registeredAt: d.now.toISOString(),
    },
  }];
}
