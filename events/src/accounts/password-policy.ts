import { COMMON_PASSWORDS } from './common-passwords';

// Security page: at least 8 (spec section 9), up to at least 64 accepted, no composition
// rules, no truncation. 128 bounds the Argon2 input.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common';

/** Why a new password cannot be used, or null. Length counts code points, not UTF-16 units. */
export function passwordProblem(password: string, personal: readonly string[] = []): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'too_long';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'too_common';
  // One repeated character, or the person's own address or name, is as guessable as a common one.
  if (new Set(lower).size === 1) return 'too_common';
  if (personal.some((value) => value.trim().length > 0 && lower === value.trim().toLowerCase())) return 'too_common';
  return null;
}
