import { defineMessage, defineMessages } from 'react-intl';

export const errorsMessages = defineMessages({
  notFoundTitle: { id: 'errors.notFoundPage.title', defaultMessage: 'Seite nicht gefunden', description: '404 heading' },
  home: { id: 'errors.notFoundPage.home', defaultMessage: 'Zur Startseite', description: 'Link back to the start page' },
});

export const notFoundText = defineMessage<{ path: string }>({
  id: 'errors.notFoundPage.text',
  defaultMessage: 'Die Seite {path} gibt es nicht (Fehler 404).',
  description: '404 explanation with the requested path',
});

export const guardMessages = defineMessages({
  loginTitle: { id: 'errors.errorLoginPage.title', defaultMessage: 'Bitte melde dich an', description: 'Heading of error-login: the page needs a login' },
  loginText: {
    id: 'errors.errorLoginPage.text',
    defaultMessage: 'Diese Seite ist nur für angemeldete Personen sichtbar. Nach der Anmeldung geht es dort weiter, wo du warst.',
    description: 'Explains error-login and that the last route follows after login',
  },
  loginButton: { id: 'errors.errorLoginPage.login', defaultMessage: 'Anmelden', description: 'Button to the login page' },
  registerButton: { id: 'errors.errorLoginPage.register', defaultMessage: 'Konto erstellen', description: 'Button to the registration page' },
  accessTitle: { id: 'errors.errorAccessPage.title', defaultMessage: 'Kein Zugriff', description: 'Heading of error-access' },
  accessText: {
    id: 'errors.errorAccessPage.text',
    defaultMessage: 'Du hast keine Berechtigung für diesen Bereich. Frag eine Person mit Admin-Rechten in deinem Team.',
    description: 'Explains error-access',
  },
  teamTitle: { id: 'errors.errorTeamPage.title', defaultMessage: 'Team nicht gefunden', description: 'Heading of error-team' },
  teamText: {
    id: 'errors.errorTeamPage.text',
    defaultMessage: 'Dieses Team gibt es nicht oder du bist kein Mitglied.',
    description: 'Explains error-team',
  },
});
