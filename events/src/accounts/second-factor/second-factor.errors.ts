import { DomainError, errorBody, type ErrorBody, type ErrorLanguage, type ErrorOptions } from '../../errors/domain-error';
import type { ErrorEntry } from '../../errors/error-catalogue';

const entry = <const TCode extends string>(e: ErrorEntry<TCode>): ErrorEntry<TCode> => e;

// Answers of the second factor and passkeys that spec section 8 gives no code. Kept beside the
// feature until the central catalogue takes them over; the frontend translates `messageKey`.
export const SECOND_FACTOR_ERRORS = [
  entry({ code: 'second_factor_code_invalid', httpStatus: 401, messageKey: 'accounts.secondFactor.codeInvalid',
    de: 'Der Code ist ungültig oder wurde bereits verwendet.',
    en: 'The code is invalid or has already been used.' }),
  entry({ code: 'second_factor_locked', httpStatus: 429, messageKey: 'accounts.secondFactor.locked',
    de: 'Zu viele falsche Codes. Bitte warte ein paar Minuten und versuche es dann erneut.',
    en: 'Too many wrong codes. Please wait a few minutes and try again.' }),
  entry({ code: 'second_factor_not_enabled', httpStatus: 409, messageKey: 'accounts.secondFactor.notEnabled',
    de: 'Die Zwei-Faktor-Anmeldung ist nicht aktiviert.',
    en: 'Two-factor sign-in is not enabled.' }),
  entry({ code: 'second_factor_already_enabled', httpStatus: 409, messageKey: 'accounts.secondFactor.alreadyEnabled',
    de: 'Die Zwei-Faktor-Anmeldung ist bereits aktiviert.',
    en: 'Two-factor sign-in is already enabled.' }),
  entry({ code: 'second_factor_setup_missing', httpStatus: 409, messageKey: 'accounts.secondFactor.setupMissing',
    de: 'Bitte richte die Zwei-Faktor-Anmeldung zuerst ein.',
    en: 'Please set up two-factor sign-in first.' }),
  entry({ code: 'login_state_invalid', httpStatus: 401, messageKey: 'accounts.secondFactor.loginStateInvalid',
    de: 'Die Anmeldung ist abgelaufen. Bitte melde dich erneut an.',
    en: 'The sign-in has expired. Please sign in again.' }),
  entry({ code: 'webauthn_challenge_invalid', httpStatus: 401, messageKey: 'accounts.passkeys.challengeInvalid',
    de: 'Die Anfrage ist abgelaufen oder wurde bereits verwendet. Bitte versuche es erneut.',
    en: 'The request has expired or was already used. Please try again.' }),
  entry({ code: 'webauthn_verification_failed', httpStatus: 401, messageKey: 'accounts.passkeys.verificationFailed',
    de: 'Der Passkey konnte nicht bestätigt werden.',
    en: 'The passkey could not be verified.' }),
  entry({ code: 'passkey_not_found', httpStatus: 404, messageKey: 'accounts.passkeys.notFound',
    de: 'Dieser Passkey ist nicht (mehr) registriert.',
    en: 'This passkey is not registered (any more).' }),
  entry({ code: 'passkey_already_registered', httpStatus: 409, messageKey: 'accounts.passkeys.alreadyRegistered',
    de: 'Dieser Passkey ist bereits registriert.',
    en: 'This passkey is already registered.' }),
] as const;

export type SecondFactorErrorCode = (typeof SECOND_FACTOR_ERRORS)[number]['code'];

const byCode = new Map<string, ErrorEntry<SecondFactorErrorCode>>(SECOND_FACTOR_ERRORS.map((e) => [e.code, e]));

/**
 * A rule error with a feature-local code. It is a DomainError, so every edge (CommandRunner,
 * exception filter) answers it in the wrapper like a catalogue error.
 */
export class SecondFactorError extends DomainError {
  readonly reason: SecondFactorErrorCode;

  constructor(reason: SecondFactorErrorCode, options: ErrorOptions = {}) {
    super('request_failed', options);
    this.reason = reason;
    this.message = `${reason}: ${entryOf(reason).en}`;
  }

  override get httpStatus(): number {
    return entryOf(this.reason).httpStatus;
  }

  override toBody(language: ErrorLanguage = 'de'): ErrorBody {
    const entry = entryOf(this.reason);
    const body = errorBody('request_failed', { language, field: this.field, text: entry[language] });
    return { ...body, status: entry.httpStatus, intern: entry.code };
  }
}

function entryOf(code: SecondFactorErrorCode): ErrorEntry<SecondFactorErrorCode> {
  const found = byCode.get(code);
  if (!found) throw new Error(`Unknown second-factor error ${code}`);
  return found;
}
