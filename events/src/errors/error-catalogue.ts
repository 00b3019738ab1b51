// The error catalogue of spec section 8 as data. The frontend translates `messageKey`; the
// server answers with `de` (default) or `en` (when the client prefers English). `{field}`
// in a text is filled from the error's params.
export interface ErrorEntry<TCode extends number | string = number | string> {
  code: TCode;
  httpStatus: number;
  messageKey: string;
  de: string;
  en: string;
  /** A dialog title for the codes that the spec says have their own. */
  title?: { de: string; en: string };
}

const entry = <const TCode extends number | string>(e: ErrorEntry<TCode>): ErrorEntry<TCode> => e;

// Codes with a meaning of their own (spec section 8).
const coded = [
  entry({ code: 6001, httpStatus: 409, messageKey: 'errors.6001',
    de: 'Diese E-Mail-Adresse ist bereits registriert.',
    en: 'This e-mail address is already registered.' }),
  entry({ code: 6002, httpStatus: 409, messageKey: 'errors.6002',
    de: 'Diese E-Mail-Adresse ist über ein Facebook-Konto registriert. Bitte melde dich mit Facebook an.',
    en: 'This e-mail address is registered through a Facebook account. Please sign in with Facebook.' }),
  entry({ code: 6003, httpStatus: 409, messageKey: 'errors.6003',
    de: 'Diese E-Mail-Adresse ist über ein Google-Konto registriert. Bitte melde dich mit Google an.',
    en: 'This e-mail address is registered through a Google account. Please sign in with Google.' }),
  entry({ code: 6004, httpStatus: 409, messageKey: 'errors.6004',
    title: { de: 'Konto bereits vorhanden', en: 'Account already exists' },
    de: 'Diese E-Mail-Adresse ist bereits als normales Konto registriert. Bitte melde dich direkt mit E-Mail und Passwort an.',
    en: 'This e-mail address is already registered as a regular account. Please sign in directly with e-mail and password.' }),
  entry({ code: 6005, httpStatus: 404, messageKey: 'errors.6005',
    de: 'Dieses Konto existiert nicht.',
    en: 'This account does not exist.' }),
  entry({ code: 6006, httpStatus: 409, messageKey: 'errors.6006',
    de: 'Diese E-Mail-Adresse gehört zu einem Social-Login-Konto. Bitte nutze die passende Schaltfläche zum Anmelden.',
    en: 'This e-mail address belongs to a social account. Please use its button to sign in.' }),
  entry({ code: 6007, httpStatus: 502, messageKey: 'errors.6007',
    de: 'Die Verbindung zum Anmeldedienst ist fehlgeschlagen. Bitte versuche es erneut.',
    en: 'Connecting to the sign-in provider failed. Please try again.' }),
  entry({ code: 6008, httpStatus: 401, messageKey: 'errors.6008',
    de: 'Die Kombination aus E-Mail-Adresse und Passwort ist nicht korrekt.',
    en: 'The combination of e-mail address and password is incorrect.' }),
  entry({ code: 6009, httpStatus: 422, messageKey: 'errors.6009',
    de: 'Mit dieser E-Mail-Adresse ist keine Registrierung möglich.',
    en: 'You cannot register with this e-mail address.' }),
  entry({ code: 6010, httpStatus: 402, messageKey: 'errors.6010',
    de: 'Es gibt bereits ein Team. Für ein weiteres Team ist ein Upgrade nötig.',
    en: 'A team already exists. An upgrade is needed for another team.' }),
  entry({ code: 6011, httpStatus: 401, messageKey: 'errors.6011',
    de: 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.',
    en: 'Your session has expired. Please sign in again.' }),
  entry({ code: 6012, httpStatus: 409, messageKey: 'errors.6012',
    de: 'Diese E-Mail-Adresse ist über ein Apple-Konto registriert. Bitte melde dich mit Apple an.',
    en: 'This e-mail address is registered through an Apple account. Please sign in with Apple.' }),
  entry({ code: 6020, httpStatus: 403, messageKey: 'errors.6020',
    title: { de: 'Konto gesperrt', en: 'Account locked' },
    de: 'Dein Konto ist gesperrt. Bitte wende dich an den Support.',
    en: 'Your account is locked. Please contact support.' }),
  entry({ code: 6021, httpStatus: 403, messageKey: 'errors.6021',
    title: { de: 'E-Mail bestätigen', en: 'Confirm your e-mail' },
    de: 'Bitte bestätige zuerst deine E-Mail-Adresse. Wir haben dir eine neue Aktivierungsmail geschickt.',
    en: 'Please confirm your e-mail address first. We have sent you a new activation mail.' }),
  entry({ code: 6022, httpStatus: 403, messageKey: 'errors.6022',
    de: 'Du musst dein Passwort zurücksetzen.',
    en: 'You need to reset your password.' }),
  entry({ code: 6991, httpStatus: 403, messageKey: 'errors.6991',
    de: 'Du bist nicht im Beta-Programm. Bitte melde dich auf der Hauptseite an.',
    en: 'You are not in the beta programme. Please sign in on the main site.' }),
  entry({ code: 2001, httpStatus: 422, messageKey: 'errors.2001',
    de: 'Diese Liste liegt in der Vergangenheit. Eine nachträgliche Eintragung ist nicht möglich.',
    en: 'This list is in the past. Signing up late is not possible.' }),
  entry({ code: 2002, httpStatus: 422, messageKey: 'errors.2002',
    de: 'Die Eintragung ist zeitlich begrenzt und derzeit nicht möglich.',
    en: 'Sign-up is limited in time and not possible right now.' }),
  entry({ code: 2003, httpStatus: 409, messageKey: 'errors.2003',
    de: 'Dieser Eintrag ist bereits vergeben. Bitte lade die Seite neu.',
    en: 'This item has already been taken. Please reload.' }),
  entry({ code: 2004, httpStatus: 400, messageKey: 'errors.2004',
    de: 'Bitte wähle eine Person aus oder gib einen Namen ein.',
    en: 'Please choose a person or enter a name.' }),
  entry({ code: 6200, httpStatus: 402, messageKey: 'errors.6200',
    de: 'Dafür brauchst du den Prime-Plan.',
    en: 'You need the Prime plan for this.' }),
  entry({ code: 6201, httpStatus: 402, messageKey: 'errors.6201',
    de: 'Du hast die Grenze an Projekten erreicht. Im kostenlosen Plan ist ein aktives Projekt möglich: ändere den Status eines Projekts oder mache ein Upgrade.',
    en: 'You have reached the project limit. The free plan allows one active project: change a project\u2019s status or upgrade.' }),
  entry({ code: 6205, httpStatus: 402, messageKey: 'errors.6205',
    de: 'Die Grenze an Einträgen ist erreicht. Mit einem Upgrade kannst du mehr anlegen.',
    en: 'The item limit has been reached. Upgrade to add more.' }),
  entry({ code: 6206, httpStatus: 402, messageKey: 'errors.6206',
    de: 'Die Grenze an Einträgen ist erreicht. Mit einem Upgrade auf Pro kannst du mehr anlegen.',
    en: 'The item limit has been reached. Upgrade to Pro to add more.' }),
  entry({ code: 6208, httpStatus: 402, messageKey: 'errors.6208',
    de: 'Dafür brauchst du den Pro-Plan.',
    en: 'You need the Pro plan for this.' }),
  // 601 and every other code from 6201 to 6299 show this generic limit message.
  entry({ code: 601, httpStatus: 402, messageKey: 'errors.limit',
    de: 'Du hast eine Grenze deines Plans erreicht.',
    en: 'You have reached a limit of your plan.' }),
  entry({ code: 6950, httpStatus: 503, messageKey: 'errors.6950',
    de: 'Planwerk wird gerade gewartet. Bitte versuche es in ein paar Minuten erneut.',
    en: 'Planwerk is under maintenance. Please try again in a few minutes.' }),
  entry({ code: 6951, httpStatus: 503, messageKey: 'errors.6951',
    de: 'Deine App-Version ist veraltet. Bitte aktualisiere die App.',
    en: 'Your app version is outdated. Please update the app.' }),
  entry({ code: 9000, httpStatus: 400, messageKey: 'errors.9000',
    de: 'Die Verschlüsselung ist nicht kompatibel. Bitte aktualisiere die App.',
    en: 'The encryption is incompatible. Please update the app.' }),
  entry({ code: 6952, httpStatus: 500, messageKey: 'errors.6952',
    de: 'Es ist ein Netzwerkfehler aufgetreten. Bitte versuche es erneut.',
    en: 'A network error occurred. Please try again.' }),
] as const;

// Answers the spec describes without a code ("Other messages", 401, 500, 404) plus the ones
// the platform needs (idempotency, conflicts, malformed requests).
const named = [
  entry({ code: 'validation_failed', httpStatus: 400, messageKey: 'errors.validationFailed',
    de: 'Die Eingabe im Feld \u201e{field}\u201c ist ungültig.',
    en: 'The value of the field \u201c{field}\u201d is invalid.' }),
  entry({ code: 'malformed_body', httpStatus: 400, messageKey: 'errors.malformedBody',
    de: 'Die Anfrage konnte nicht gelesen werden.',
    en: 'The request could not be read.' }),
  entry({ code: 'payload_too_large', httpStatus: 413, messageKey: 'errors.payloadTooLarge',
    de: 'Die Anfrage ist zu groß.',
    en: 'The request is too large.' }),
  entry({ code: 'unsupported_media_type', httpStatus: 415, messageKey: 'errors.unsupportedMediaType',
    de: 'Dieses Datenformat wird nicht unterstützt. Bitte sende JSON.',
    en: 'This content type is not supported. Please send JSON.' }),
  entry({ code: 'not_found', httpStatus: 404, messageKey: 'errors.notFound',
    de: 'Nicht gefunden.',
    en: 'Not found.' }),
  entry({ code: 'unauthorized', httpStatus: 401, messageKey: 'errors.unauthorized',
    de: 'Zugriff verweigert: Du bist nicht berechtigt.',
    en: 'Access denied: you are not authorised' }),
  entry({ code: 'internal', httpStatus: 500, messageKey: 'errors.internal',
    de: 'Es ist ein Fehler aufgetreten. Bitte versuche es erneut.',
    en: 'An error occurred. Please try again.' }),
  entry({ code: 'request_failed', httpStatus: 400, messageKey: 'errors.requestFailed',
    de: 'Die Anfrage konnte nicht ausgeführt werden.',
    en: 'The request could not be executed.' }),
  entry({ code: 'no_permission', httpStatus: 403, messageKey: 'errors.noPermission',
    de: 'Du hast keine Berechtigung für diesen Bereich.',
    en: 'You have no permission for this area.' }),
  entry({ code: 'idempotency_key_reused', httpStatus: 422, messageKey: 'errors.idempotencyKeyReused',
    de: 'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.',
    en: 'This idempotency key was already used for a different request.' }),
  entry({ code: 'idempotency_key_in_progress', httpStatus: 409, messageKey: 'errors.idempotencyKeyInProgress',
    de: 'Eine Anfrage mit diesem Idempotency-Key wird noch bearbeitet. Bitte versuche es gleich erneut.',
    en: 'A request with this idempotency key is still being processed. Please retry shortly.' }),
  entry({ code: 'conflict', httpStatus: 409, messageKey: 'errors.conflict',
    de: 'Die Daten wurden gleichzeitig geändert. Bitte lade neu und versuche es erneut.',
    en: 'The data was changed at the same time. Please reload and try again.' }),
  entry({ code: 'feedback_vote_required', httpStatus: 400, messageKey: 'feedback.vote.required',
    de: 'Bitte wähle zuerst eine Bewertung aus.',
    en: 'Please choose a vote first.' }),
  // Second factor and passkeys (issue 3): answers that spec section 8 gives no code.
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
  // Membership (issue 4, T2).
  entry({ code: 'membership_already_member', httpStatus: 409, messageKey: 'teams.membership.alreadyMember',
    de: 'Du bist bereits Mitglied dieses Teams.',
    en: 'You are already a member of this team.' }),
  entry({ code: 'membership_owner_cannot_leave', httpStatus: 409, messageKey: 'teams.membership.ownerCannotLeave',
    de: 'Als Inhaber kannst du das Team nicht verlassen.',
    en: 'As the owner you cannot leave the team.' }),
  entry({ code: 'membership_application_open', httpStatus: 409, messageKey: 'teams.membership.applicationOpen',
    de: 'Deine Mitgliedschaftsanfrage wird bereits geprüft.',
    en: 'Your membership application is already being reviewed.' }),
  // Teams and plans (issue 4, T1).
  entry({ code: 'team_link_taken', httpStatus: 409, messageKey: 'teams.link.taken',
    de: 'Dieser Team-Link ist bereits vergeben.',
    en: 'This team link is already taken.' }),
  entry({ code: 'team_not_blocked', httpStatus: 409, messageKey: 'teams.unlock.notBlocked',
    de: 'Das Team ist nicht gesperrt.',
    en: 'The team is not blocked.' }),
  entry({ code: 'team_project_not_active', httpStatus: 409, messageKey: 'teams.unlock.projectNotActive',
    de: 'Dieses Projekt ist nicht aktiv.',
    en: 'This project is not active.' }),
  // User links and bundle (issue 4, T3).
  entry({ code: 'confirmation_required', httpStatus: 409, messageKey: 'links.disconnect.confirm',
    de: 'Möchtest du die Verbindung wirklich trennen?',
    en: 'Do you really want to disconnect?' }),
  entry({ code: 'team_choice_needed', httpStatus: 403, messageKey: 'bundle.team.choiceNeeded',
    de: 'Nicht ausreichende Berechtigung für das Team',
    en: 'Insufficient permission for the team' }),
  entry({ code: 'bundle_unknown', httpStatus: 404, messageKey: 'bundle.unknown',
    de: 'Diese Daten gibt es nicht (mehr). Bitte aktualisiere die App.',
    en: 'This data does not exist (any more). Please update the app.' }),
] as const;

export const ERROR_CATALOGUE = [...coded, ...named] as const;

export type ErrorCode = (typeof ERROR_CATALOGUE)[number]['code'];
export type NumericErrorCode = Extract<ErrorCode, number>;

const byCode = new Map<number | string, ErrorEntry>(ERROR_CATALOGUE.map((e) => [e.code, e]));

/** True for codes the spec shows with the generic limit message (601, 6201–6299 without their own entry). */
export function isGenericLimitCode(code: number): boolean {
  return code === 601 || (Number.isInteger(code) && code >= 6201 && code <= 6299);
}

/** The entry for a code; uncatalogued 62xx codes resolve to the generic limit entry. */
export function findErrorEntry(code: number | string): ErrorEntry | undefined {
  const exact = byCode.get(code);
  if (exact) return exact;
  if (typeof code === 'number' && isGenericLimitCode(code)) return byCode.get(601);
  return undefined;
}
