import { defineMessage, defineMessages } from 'react-intl';

export const settingsMessages = defineMessages({
  title: { id: 'settings.layout.title', defaultMessage: 'Einstellungen', description: 'Heading of the settings' },
  nav: { id: 'settings.layout.nav', defaultMessage: 'Bereiche der Einstellungen', description: 'Label of the settings navigation' },
  account: { id: 'settings.layout.account', defaultMessage: 'Konto', description: 'Settings section: account' },
  secure: { id: 'settings.layout.secure', defaultMessage: 'Sicherheit', description: 'Settings section: second factor and passkeys' },
  login: { id: 'settings.layout.login', defaultMessage: 'Anmeldungen', description: 'Settings section: sessions' },
  privacy: { id: 'settings.layout.privacy', defaultMessage: 'Datenschutz', description: 'Settings section: privacy' },
  design: { id: 'settings.layout.design', defaultMessage: 'Darstellung', description: 'Settings section: theme, sidebar, view' },
  delete: { id: 'settings.layout.delete', defaultMessage: 'Konto löschen', description: 'Settings section: delete the account' },
  device: { id: 'settings.layout.device', defaultMessage: 'Dieses Gerät', description: 'Settings section: this device (language, theme, cookies, stored data)' },
  auth: { id: 'settings.layout.auth', defaultMessage: 'Geräte', description: 'Settings section: devices signed in to the account' },
  backup: { id: 'settings.layout.backup', defaultMessage: 'Datensicherung', description: 'Settings section: personal export and team backups' },
  saved: { id: 'settings.common.saved', defaultMessage: 'Gespeichert', description: 'Popup after a setting was saved' },
});

export const accountSettingsMessages = defineMessages({
  name: { id: 'settings.account.name', defaultMessage: 'Name', description: 'Label of the name' },
  mail: { id: 'settings.account.mail', defaultMessage: 'E-Mail-Adresse', description: 'Label of the e-mail address' },
  loginType: { id: 'settings.account.loginType', defaultMessage: 'Anmeldung', description: 'Label of the login type' },
  password: { id: 'settings.account.password', defaultMessage: 'E-Mail und Passwort', description: 'Login type: password' },
  socialType: { id: 'settings.account.social', defaultMessage: 'Social Login', description: 'Login type: social provider' },
  changePassword: { id: 'settings.account.changePassword', defaultMessage: 'Passwort ändern', description: 'Link to the password reset' },
  security: { id: 'settings.account.security', defaultMessage: 'Zwei-Faktor-Anmeldung und Passkeys', description: 'Link to the security settings' },
  data: { id: 'settings.account.data', defaultMessage: 'Meine Daten herunterladen', description: 'Link to the data export' },
});

export const secureMessages = defineMessages({
  totpTitle: { id: 'settings.secure.totpTitle', defaultMessage: 'Zwei-Faktor-Anmeldung', description: 'Heading of the TOTP section' },
  totpOff: { id: 'settings.secure.totpOff', defaultMessage: 'Aus. Mit einer Authenticator-App schützt ein zweiter Schritt dein Konto.', description: 'TOTP is off' },
  totpOn: { id: 'settings.secure.totpOn', defaultMessage: 'An.', description: 'TOTP is on' },
  setUp: { id: 'settings.secure.setUp', defaultMessage: 'Einrichten', description: 'Starts the TOTP set-up' },
  scan: { id: 'settings.secure.scan', defaultMessage: 'Scanne den QR-Code mit deiner Authenticator-App oder gib den Schlüssel von Hand ein. Bestätige dann mit dem angezeigten Code.', description: 'How to set up TOTP' },
  qr: { id: 'settings.secure.qr', defaultMessage: 'QR-Code für die Authenticator-App', description: 'Alt text of the QR code' },
  secret: { id: 'settings.secure.secret', defaultMessage: 'Schlüssel', description: 'Label of the TOTP secret' },
  openApp: { id: 'settings.secure.openApp', defaultMessage: 'In der Authenticator-App öffnen', description: 'Link with the otpauth URI' },
  code: { id: 'settings.secure.code', defaultMessage: 'Code aus der App', description: 'Label of a TOTP code' },
  codeOrRecovery: { id: 'settings.secure.codeOrRecovery', defaultMessage: 'Code aus der App oder Wiederherstellungscode', description: 'Label of the code to disable TOTP' },
  confirm: { id: 'settings.secure.confirm', defaultMessage: 'Bestätigen und einschalten', description: 'Confirms the TOTP set-up' },
  disable: { id: 'settings.secure.disable', defaultMessage: 'Ausschalten', description: 'Disables TOTP' },
  regenerate: { id: 'settings.secure.regenerate', defaultMessage: 'Neue Wiederherstellungscodes', description: 'Replaces the recovery codes' },
  codesTitle: { id: 'settings.secure.codesTitle', defaultMessage: 'Deine Wiederherstellungscodes', description: 'Heading of the recovery codes' },
  codesHint: { id: 'settings.secure.codesHint', defaultMessage: 'Bewahre die Codes sicher auf. Sie werden nur jetzt angezeigt; jeder gilt einmal, wenn du keinen Zugriff auf die App hast.', description: 'The recovery codes are shown once' },
  wrongCode: { id: 'settings.secure.wrongCode', defaultMessage: 'Der Code ist nicht gültig.', description: 'A TOTP code was refused' },
  passkeysTitle: { id: 'settings.secure.passkeysTitle', defaultMessage: 'Passkeys', description: 'Heading of the passkeys section' },
  passkeysIntro: { id: 'settings.secure.passkeysIntro', defaultMessage: 'Mit einem Passkey meldest du dich ohne Passwort an, zum Beispiel mit Fingerabdruck oder Gerätesperre.', description: 'Explains passkeys' },
  noPasskeys: { id: 'settings.secure.noPasskeys', defaultMessage: 'Noch keine Passkeys.', description: 'The passkey list is empty' },
  passkeyName: { id: 'settings.secure.passkeyName', defaultMessage: 'Name des Passkeys (optional)', description: 'Label of the new passkey name' },
  addPasskey: { id: 'settings.secure.addPasskey', defaultMessage: 'Passkey hinzufügen', description: 'Registers a new passkey' },
  removePasskey: { id: 'settings.secure.removePasskey', defaultMessage: 'Entfernen', description: 'Removes a passkey' },
  unnamed: { id: 'settings.secure.unnamed', defaultMessage: 'Passkey ohne Namen', description: 'A passkey without a name' },
  passkeyFailed: { id: 'settings.secure.passkeyFailed', defaultMessage: 'Der Passkey konnte nicht angelegt werden.', description: 'The browser refused or the user cancelled' },
  noPasskeySupport: { id: 'settings.secure.noPasskeySupport', defaultMessage: 'Dieser Browser unterstützt keine Passkeys.', description: 'No WebAuthn in this browser' },
  registered: { id: 'settings.secure.registered', defaultMessage: 'Hinzugefügt', description: 'Column: when the passkey was added' },
  lastUsed: { id: 'settings.secure.lastUsed', defaultMessage: 'Zuletzt benutzt', description: 'Column: last use' },
  never: { id: 'settings.secure.never', defaultMessage: 'nie', description: 'Never used' },
});

export const recoveryLeftMessage = defineMessage<{ count: number }>({
  id: 'settings.secure.recoveryLeft',
  defaultMessage: '{count, plural, one {# Wiederherstellungscode übrig} other {# Wiederherstellungscodes übrig}}',
  description: 'How many recovery codes are left',
});

export const loginSettingsMessages = defineMessages({
  intro: { id: 'settings.login.intro', defaultMessage: 'Hier bist du gerade angemeldet. Beende Sitzungen, die du nicht kennst.', description: 'Explains the sessions list' },
  device: { id: 'settings.login.device', defaultMessage: 'Gerät', description: 'Column: device name' },
  method: { id: 'settings.login.method', defaultMessage: 'Art', description: 'Column: login method' },
  created: { id: 'settings.login.created', defaultMessage: 'Angemeldet', description: 'Column: session start' },
  lastUsed: { id: 'settings.login.lastUsed', defaultMessage: 'Zuletzt aktiv', description: 'Column: last use' },
  actions: { id: 'settings.login.actions', defaultMessage: 'Aktionen', description: 'Column: actions' },
  current: { id: 'settings.login.current', defaultMessage: 'Diese Sitzung', description: 'Marks the current session' },
  end: { id: 'settings.login.end', defaultMessage: 'Beenden', description: 'Ends one session' },
  endOthers: { id: 'settings.login.endOthers', defaultMessage: 'Alle anderen Sitzungen abmelden', description: 'Ends every other session' },
  list: { id: 'settings.login.list', defaultMessage: 'Aktive Sitzungen', description: 'Label of the sessions table' },
  methodPassword: { id: 'settings.login.method.password', defaultMessage: 'Passwort', description: 'Login method: e-mail and password' },
  methodSecondFactor: { id: 'settings.login.method.secondFactor', defaultMessage: 'Passwort und zweiter Faktor', description: 'Login method: password plus a one-time code' },
  methodPasskey: { id: 'settings.login.method.passkey', defaultMessage: 'Passkey', description: 'Login method: passkey' },
  methodSocial: { id: 'settings.login.method.social', defaultMessage: 'Konto eines Anbieters', description: 'Login method: Google, Apple or another provider' },
  methodOther: { id: 'settings.login.method.other', defaultMessage: 'Andere Anmeldung', description: 'Login method the console does not know' },
});

export const endedMessage = defineMessage<{ count: number }>({
  id: 'settings.login.ended',
  defaultMessage: '{count, plural, one {# Sitzung beendet} other {# Sitzungen beendet}}',
  description: 'Popup after ending sessions',
});

export const privacySettingsMessages = defineMessages({
  cookiesTitle: { id: 'settings.privacy.cookiesTitle', defaultMessage: 'Cookies', description: 'Heading of the cookie consent' },
  functional: { id: 'settings.privacy.functional', defaultMessage: 'Nur funktionale Cookies (nötig für Anmeldung und Einstellungen)', description: 'Consent level 1' },
  full: { id: 'settings.privacy.full', defaultMessage: 'Funktionale und Statistik-Cookies', description: 'Consent level 2' },
  consentHint: { id: 'settings.privacy.consentHint', defaultMessage: 'Funktionale Cookies sind immer nötig, um Planwerk zu nutzen.', description: 'Functional cookies are required' },
  dataTitle: { id: 'settings.privacy.dataTitle', defaultMessage: 'Deine Daten', description: 'Heading of the data links' },
  export: { id: 'settings.privacy.export', defaultMessage: 'Meine Daten herunterladen', description: 'Link to the data export' },
  info: { id: 'settings.privacy.info', defaultMessage: 'Was Planwerk speichert', description: 'Link to the privacy page' },
});

export const deleteMessages = defineMessages({
  intro: { id: 'settings.delete.intro', defaultMessage: 'Wenn du dein Konto löschst, werden deine persönlichen Daten unwiderruflich unlesbar gemacht. Teams, deren Eigentümer du bist, solltest du vorher übergeben.', description: 'Explains the account deletion' },
  password: { id: 'settings.delete.password', defaultMessage: 'Passwort zur Bestätigung', description: 'Label of the password' },
  code: { id: 'settings.delete.code', defaultMessage: 'Code aus der App', description: 'Label of the second-factor code' },
  confirm: { id: 'settings.delete.confirm', defaultMessage: 'Ich möchte mein Konto endgültig löschen.', description: 'Confirmation checkbox' },
  submit: { id: 'settings.delete.submit', defaultMessage: 'Konto löschen', description: 'Deletes the account' },
  done: { id: 'settings.delete.done', defaultMessage: 'Dein Konto wurde gelöscht.', description: 'Popup after the deletion' },
});

export const designMessages = defineMessages({
  theme: { id: 'settings.design.theme', defaultMessage: 'Design', description: 'Legend of the theme choice' },
  themeDefault: { id: 'settings.design.themeDefault', defaultMessage: 'Hell', description: 'Theme default' },
  themeDark: { id: 'settings.design.themeDark', defaultMessage: 'Dunkel', description: 'Theme dark' },
  themeDarkContrast: { id: 'settings.design.themeDarkContrast', defaultMessage: 'Dunkel mit hohem Kontrast', description: 'Theme dark-contrast' },
  themeContrast: { id: 'settings.design.themeContrast', defaultMessage: 'Hoher Kontrast', description: 'Theme contrast' },
  sidebar: { id: 'settings.design.sidebar', defaultMessage: 'Seitenleiste', description: 'Legend of the sidebar mode' },
  sidebarRoute: { id: 'settings.design.sidebarRoute', defaultMessage: 'Je nach Seite ein- oder ausblenden', description: 'Sidebar mode 1' },
  sidebarAlways: { id: 'settings.design.sidebarAlways', defaultMessage: 'Immer anzeigen', description: 'Sidebar mode 2' },
  view: { id: 'settings.design.view', defaultMessage: 'Ansicht von Übersichten', description: 'Legend of grid or list' },
  grid: { id: 'settings.design.grid', defaultMessage: 'Kacheln', description: 'View option grid' },
  list: { id: 'settings.design.list', defaultMessage: 'Liste', description: 'View option list' },
  hint: { id: 'settings.design.hint', defaultMessage: 'Deine Wahl gilt auf allen Geräten, auf denen du angemeldet bist.', description: 'The preferences are saved with the account' },
});
