import { defineMessage, defineMessages } from 'react-intl';

export const appMessages = defineMessages({
  retryAccess: { id: 'app.guard.retry', defaultMessage: 'Erneut versuchen', description: 'Retry checking access to a team page after the server did not answer' },
  productName: { id: 'app.shell.productName', defaultMessage: 'Planwerk', description: 'Product name in the sidebar and tab title' },
  skipToContent: { id: 'app.shell.skipToContent', defaultMessage: 'Zum Inhalt springen', description: 'Skip link for keyboard users' },
  loading: { id: 'app.shell.loading', defaultMessage: 'Wird geladen …', description: 'Shown while a page loads' },
  navigation: { id: 'app.sidebar.navigation', defaultMessage: 'Hauptnavigation', description: 'Label of the sidebar navigation' },
  start: { id: 'app.sidebar.start', defaultMessage: 'Start', description: 'Sidebar entry to the start page' },
  feedback: { id: 'app.sidebar.feedback', defaultMessage: 'Feedback', description: 'Sidebar entry to the feedback page' },
  language: { id: 'app.languageToggle.label', defaultMessage: 'Sprache', description: 'Label of the language choice' },
  darkTheme: { id: 'app.themeToggle.dark', defaultMessage: 'Dunkles Design', description: 'Toggle between the default and the dark theme' },
  settings: { id: 'app.sidebar.settings', defaultMessage: 'Einstellungen', description: 'Sidebar entry to the settings' },
  signIn: { id: 'app.accountTools.signIn', defaultMessage: 'Anmelden', description: 'Link to the login page' },
  register: { id: 'app.accountTools.register', defaultMessage: 'Registrieren', description: 'Link to the registration page' },
  signOut: { id: 'app.accountTools.signOut', defaultMessage: 'Abmelden', description: 'Logs the user out' },
  sessionExpiredTitle: { id: 'app.sessionExpired.title', defaultMessage: 'Abgemeldet', description: 'Title of the sign-out dialog after error 6011' },
  sessionExpiredBack: { id: 'app.sessionExpired.back', defaultMessage: 'Zurück', description: 'Leaves the expired session and goes to the start page' },
  sessionExpiredSignIn: { id: 'app.sessionExpired.signIn', defaultMessage: 'Anmelden', description: 'Goes to the login page; held calls continue after it' },
  serverError: {
    id: 'app.apiError.server',
    defaultMessage: 'Es ist ein Fehler aufgetreten. Bitte versuche es erneut.',
    description: 'Any answer with status 500 or more, and network errors',
  },
  unauthorised: {
    id: 'app.apiError.unauthorised',
    defaultMessage: 'Zugriff verweigert: Du bist nicht berechtigt.',
    description: 'Status 401 without an error code',
  },
  baseError: {
    id: 'app.apiError.base',
    defaultMessage: 'Die Anfrage konnte nicht ausgeführt werden.',
    description: 'A 4xx answer without an error text',
  },
});

export const signedInAsMessage = defineMessage<{ name: string }>({ id: 'app.accountTools.signedInAs', defaultMessage: 'Angemeldet als {name}', description: 'Who is signed in, in the sidebar' });
