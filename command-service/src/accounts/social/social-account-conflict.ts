import { socialAccountConflict, type DomainError, type SocialConflictAttempt } from '@planwerk/events';

/** Finds the social account holding an address (SocialLoginStore implements it). */
export interface SocialAccountLookup {
  findByEmail(email: string): Promise<{ userId: string; provider: string } | null>;
}

/**
 * For the password side: the error to answer when `email` belongs to a social account, else
 * null. Registration (POST /v5/auth) → 6002/6003/6012/6006; password login (PUT /v5/auth) → 6006.
 */
export async function socialAccountConflictFor(
  lookup: SocialAccountLookup,
  attempt: Exclude<SocialConflictAttempt, 'social-sign-up'>,
  email: string,
): Promise<DomainError | null> {
  const account = await lookup.findByEmail(email);
  return account ? socialAccountConflict(attempt, account.provider) : null;
}
