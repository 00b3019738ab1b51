import { DomainError } from '../../errors/domain-error';

// The attempt travels in the error's details of the answer: its values keep their spelling (ADR 0012).
export type SocialConflictAttempt = 'password-sign-up' | 'password-login' | 'social-sign-up';

// Spec section 8: 6002 Facebook, 6003 Google, 6012 Apple; 6006 "use its button" otherwise.
const PROVIDER_CODES = { facebook: 6002, google: 6003, apple: 6012 } as const;

/**
 * The answer when an address already belongs to a social account: a registration names the
 * provider (6002/6003/6012, or 6006 for a provider without a code of its own); a password
 * login always says "use its button" (6006).
 */
export function socialAccountConflict(attempt: SocialConflictAttempt, provider: string): DomainError {
  const details = { provider, attempt };
  switch (attempt) {
    case 'password-login':
      return new DomainError(6006, { details });
    case 'password-sign-up':
    case 'social-sign-up': {
      const key = provider.toLowerCase();
      const code = key in PROVIDER_CODES ? PROVIDER_CODES[key as keyof typeof PROVIDER_CODES] : 6006;
      return new DomainError(code, { details });
    }
    default:
      return exhaustive(attempt);
  }
}

function exhaustive(value: never): never {
  throw new Error(`Unknown social conflict attempt ${String(value)}`);
}
