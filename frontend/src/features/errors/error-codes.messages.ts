import { defineMessages, type MessageDescriptor } from 'react-intl';

// The account error codes of spec section 8 (6001–6022) with the texts of the error catalogue
// (events/src/errors/error-catalogue.ts); the console shows them in the user's language.
const codeMessages = defineMessages({
  e6001: { id: 'errors.code.6001', defaultMessage: 'Diese E-Mail-Adresse ist bereits registriert.', description: 'Error 6001: e-mail already registered' },
  e6002: { id: 'errors.code.6002', defaultMessage: 'Diese E-Mail-Adresse ist über ein Facebook-Konto registriert. Bitte melde dich mit Facebook an.', description: 'Error 6002: registered through Facebook' },
  e6003: { id: 'errors.code.6003', defaultMessage: 'Diese E-Mail-Adresse ist über ein Google-Konto registriert. Bitte melde dich mit Google an.', description: 'Error 6003: registered through Google' },
  e6004: { id: 'errors.code.6004', defaultMessage: 'Diese E-Mail-Adresse ist bereits als normales Konto registriert. Bitte melde dich direkt mit E-Mail und Passwort an.', description: 'Error 6004: social e-mail already registered as a normal account' },
  e6005: { id: 'errors.code.6005', defaultMessage: 'Dieses Konto existiert nicht.', description: 'Error 6005: account does not exist' },
  e6006: { id: 'errors.code.6006', defaultMessage: 'Diese E-Mail-Adresse gehört zu einem Social-Login-Konto. Bitte nutze die passende Schaltfläche zum Anmelden.', description: 'Error 6006: e-mail belongs to a social account' },
  e6007: { id: 'errors.code.6007', defaultMessage: 'Die Verbindung zum Anmeldedienst ist fehlgeschlagen. Bitte versuche es erneut.', description: 'Error 6007: social provider connection failed' },
  e6008: { id: 'errors.code.6008', defaultMessage: 'Die Kombination aus E-Mail-Adresse und Passwort ist nicht korrekt.', description: 'Error 6008: wrong e-mail and password combination' },
  e6009: { id: 'errors.code.6009', defaultMessage: 'Mit dieser E-Mail-Adresse ist keine Registrierung möglich.', description: 'Error 6009: cannot register with this e-mail' },
  e6010: { id: 'errors.code.6010', defaultMessage: 'Es gibt bereits ein Team. Für ein weiteres Team ist ein Upgrade nötig.', description: 'Error 6010: a team already exists, upgrade needed' },
  e6011: { id: 'errors.code.6011', defaultMessage: 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.', description: 'Error 6011: session expired' },
  e6012: { id: 'errors.code.6012', defaultMessage: 'Diese E-Mail-Adresse ist über ein Apple-Konto registriert. Bitte melde dich mit Apple an.', description: 'Error 6012: registered through Apple' },
  e6020: { id: 'errors.code.6020', defaultMessage: 'Dein Konto ist gesperrt. Bitte wende dich an den Support.', description: 'Error 6020: account locked' },
  e6021: { id: 'errors.code.6021', defaultMessage: 'Bitte bestätige zuerst deine E-Mail-Adresse. Wir haben dir eine neue Aktivierungsmail geschickt.', description: 'Error 6021: e-mail must be confirmed, new activation mail sent' },
  e6022: { id: 'errors.code.6022', defaultMessage: 'Du musst dein Passwort zurücksetzen.', description: 'Error 6022: password must be reset' },
  e6991: { id: 'errors.code.6991', defaultMessage: 'Du bist nicht im Beta-Programm. Bitte melde dich auf der Hauptseite an.', description: 'Error 6991: not in the beta programme' },
  // Too many login attempts: a short delay, not the support lock of 6020 (issue 12).
  loginThrottled: {
    id: 'errors.code.loginThrottled',
    defaultMessage: 'Zu viele Anmeldeversuche. Bitte versuche es in {minutes, plural, one {einer Minute} other {# Minuten}} erneut oder setze dein Passwort zurück.',
    description: 'Login delayed after too many attempts; minutes until the next try',
  },
  noPermission: { id: 'errors.code.noPermission', defaultMessage: 'Du hast keine Berechtigung für diesen Bereich.', description: 'No permission for this area' },
  notFound: { id: 'errors.code.notFound', defaultMessage: 'Nicht gefunden.', description: 'Something was not found' },
});

// Codes whose dialog has its own title (spec section 8).
const titleMessages = defineMessages({
  t6004: { id: 'errors.title.6004', defaultMessage: 'Konto bereits vorhanden', description: 'Title of error 6004' },
  t6020: { id: 'errors.title.6020', defaultMessage: 'Konto gesperrt', description: 'Title of error 6020' },
  t6021: { id: 'errors.title.6021', defaultMessage: 'E-Mail bestätigen', description: 'Title of error 6021' },
  tLoginThrottled: { id: 'errors.title.loginThrottled', defaultMessage: 'Bitte kurz warten', description: 'Title of the login delay after too many attempts' },
});

const byCode: Record<string, MessageDescriptor> = {
  6001: codeMessages.e6001, 6002: codeMessages.e6002, 6003: codeMessages.e6003, 6004: codeMessages.e6004,
  6005: codeMessages.e6005, 6006: codeMessages.e6006, 6007: codeMessages.e6007, 6008: codeMessages.e6008,
  6009: codeMessages.e6009, 6010: codeMessages.e6010, 6011: codeMessages.e6011, 6012: codeMessages.e6012,
  6020: codeMessages.e6020, 6021: codeMessages.e6021, 6022: codeMessages.e6022, 6991: codeMessages.e6991,
  no_permission: codeMessages.noPermission, not_found: codeMessages.notFound, login_throttled: codeMessages.loginThrottled,
};

const titleByCode: Record<string, MessageDescriptor> = {
  6004: titleMessages.t6004, 6020: titleMessages.t6020, 6021: titleMessages.t6021, login_throttled: titleMessages.tLoginThrottled,
};

/** Values of a coded message's placeholders: the minutes until a login may be tried again. */
export function errorCodeValues(error: { retryAfterSeconds?: number }): Record<string, number> {
  return { minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)) };
}

export function errorCodeMessage(code: number | string | null): MessageDescriptor | null {
  return code === null ? null : (byCode[String(code)] ?? null);
}

export function errorCodeTitle(code: number | string | null): MessageDescriptor | null {
  return code === null ? null : (titleByCode[String(code)] ?? null);
}
