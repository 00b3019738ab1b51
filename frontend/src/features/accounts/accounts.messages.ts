import { defineMessage, defineMessages } from 'react-intl';

export const loginMessages = defineMessages({
  title: { id: 'accounts.loginPage.title', defaultMessage: 'Anmelden', description: 'Heading of the login page' },
  mail: { id: 'accounts.loginPage.mail', defaultMessage: 'E-Mail-Adresse', description: 'Label of the e-mail field' },
  password: { id: 'accounts.loginPage.password', defaultMessage: 'Passwort', description: 'Label of the password field' },
  submit: { id: 'accounts.loginPage.submit', defaultMessage: 'Anmelden', description: 'Submits the login form' },
  forgot: { id: 'accounts.loginPage.forgot', defaultMessage: 'Passwort vergessen?', description: 'Link to the password reset' },
  resetNow: { id: 'accounts.loginPage.resetNow', defaultMessage: 'Passwort jetzt zurücksetzen', description: 'Link offered with error 6022' },
  noAccount: { id: 'accounts.loginPage.noAccount', defaultMessage: 'Noch kein Konto?', description: 'Text before the registration link' },
  register: { id: 'accounts.loginPage.register', defaultMessage: 'Registrieren', description: 'Link to the registration page' },
  or: { id: 'accounts.loginPage.or', defaultMessage: 'oder', description: 'Separates password login from passkey and social login' },
  passkey: { id: 'accounts.loginPage.passkey', defaultMessage: 'Mit Passkey anmelden', description: 'Passwordless login with a passkey' },
  passkeyFailed: { id: 'accounts.loginPage.passkeyFailed', defaultMessage: 'Die Anmeldung mit dem Passkey wurde abgebrochen oder ist fehlgeschlagen.', description: 'The browser refused or the user cancelled the passkey' },
  working: { id: 'accounts.loginPage.working', defaultMessage: 'Anmeldung läuft …', description: 'While the login call runs' },
  relogin: { id: 'accounts.loginPage.relogin', defaultMessage: 'Deine Sitzung ist abgelaufen. Melde dich erneut an, dann geht es dort weiter, wo du warst.', description: 'Shown on the login page during a relogin after 6011' },
});

export const secondFactorMessages = defineMessages({
  title: { id: 'accounts.secondFactor.title', defaultMessage: 'Bestätigung in zwei Schritten', description: 'Heading of the second login step' },
  intro: { id: 'accounts.secondFactor.intro', defaultMessage: 'Gib den 6-stelligen Code aus deiner Authenticator-App ein.', description: 'Explains the TOTP step' },
  introRecovery: { id: 'accounts.secondFactor.introRecovery', defaultMessage: 'Gib einen deiner Wiederherstellungscodes ein. Jeder Code gilt nur einmal.', description: 'Explains the recovery code step' },
  code: { id: 'accounts.secondFactor.code', defaultMessage: 'Code', description: 'Label of the TOTP code field' },
  recoveryCode: { id: 'accounts.secondFactor.recoveryCode', defaultMessage: 'Wiederherstellungscode', description: 'Label of the recovery code field' },
  useRecovery: { id: 'accounts.secondFactor.useRecovery', defaultMessage: 'Wiederherstellungscode verwenden', description: 'Switches to a recovery code' },
  useApp: { id: 'accounts.secondFactor.useApp', defaultMessage: 'Code aus der App verwenden', description: 'Switches back to the TOTP code' },
  submit: { id: 'accounts.secondFactor.submit', defaultMessage: 'Bestätigen', description: 'Completes the login with the code' },
  cancel: { id: 'accounts.secondFactor.cancel', defaultMessage: 'Abbrechen', description: 'Back to e-mail and password' },
  wrongCode: { id: 'accounts.secondFactor.wrongCode', defaultMessage: 'Der Code ist nicht gültig. Bitte versuche es erneut.', description: 'The second factor code was refused' },
  expired: { id: 'accounts.secondFactor.expired', defaultMessage: 'Die Anmeldung ist abgelaufen. Bitte melde dich erneut mit E-Mail und Passwort an.', description: 'The login state of the second step expired' },
});

export const registerMessages = defineMessages({
  title: { id: 'accounts.registerPage.title', defaultMessage: 'Konto erstellen', description: 'Heading of the registration page' },
  intro: { id: 'accounts.registerPage.intro', defaultMessage: 'Mit einem Konto planst du Projekte und Listen mit deinem Team.', description: 'Introduction of the registration page' },
  firstName: { id: 'accounts.registerPage.firstName', defaultMessage: 'Vorname', description: 'Label of the first name' },
  lastName: { id: 'accounts.registerPage.lastName', defaultMessage: 'Nachname', description: 'Label of the last name' },
  mail: { id: 'accounts.registerPage.mail', defaultMessage: 'E-Mail-Adresse', description: 'Label of the e-mail field' },
  password: { id: 'accounts.registerPage.password', defaultMessage: 'Passwort', description: 'Label of the password' },
  password2: { id: 'accounts.signupPage.password2', defaultMessage: 'Passwort wiederholen', description: 'Label of the repeated password' },
  passwordHint: { id: 'accounts.registerPage.passwordHint', defaultMessage: 'Mindestens 8 Zeichen. Ein langer Satz ist leicht zu merken und schwer zu erraten.', description: 'Password rules' },
  age: { id: 'accounts.registerPage.age', defaultMessage: 'Ich bin mindestens 16 Jahre alt.', description: 'Age confirmation checkbox' },
  parentMail: { id: 'accounts.registerPage.parentMail', defaultMessage: 'E-Mail-Adresse eines Elternteils', description: 'Label of the parent e-mail, asked below 16' },
  parentHint: { id: 'accounts.registerPage.parentHint', defaultMessage: 'Unter 16 Jahren muss ein Elternteil zustimmen. Wir schicken ihm eine E-Mail.', description: 'Why the parent e-mail is needed' },
  terms: { id: 'accounts.registerPage.terms', defaultMessage: 'Ich akzeptiere die Nutzungsbedingungen.', description: 'Terms checkbox' },
  privacy: { id: 'accounts.registerPage.privacy', defaultMessage: 'Ich habe die Datenschutzerklärung gelesen.', description: 'Privacy checkbox' },
  cookies: { id: 'accounts.registerPage.cookies', defaultMessage: 'Ich akzeptiere die funktionalen Cookies, die Planwerk zum Betrieb braucht.', description: 'Functional cookies checkbox' },
  submit: { id: 'accounts.registerPage.submit', defaultMessage: 'Registrieren', description: 'Submits the registration' },
  haveAccount: { id: 'accounts.registerPage.haveAccount', defaultMessage: 'Schon ein Konto?', description: 'Text before the login link' },
  login: { id: 'accounts.registerPage.login', defaultMessage: 'Anmelden', description: 'Link to the login page' },
  tooShort: { id: 'accounts.registerPage.tooShort', defaultMessage: 'Das Passwort muss mindestens 8 Zeichen lang sein.', description: 'Password shorter than 8' },
  mismatch: { id: 'accounts.registerPage.mismatch', defaultMessage: 'Die Passwörter stimmen nicht überein.', description: 'The two passwords differ' },
  weak: { id: 'accounts.registerPage.weak', defaultMessage: 'Dieses Passwort ist zu leicht zu erraten. Bitte wähle ein anderes.', description: 'The server refused the password as too common' },
  consent: { id: 'accounts.registerPage.consent', defaultMessage: 'Bitte bestätige Nutzungsbedingungen, Datenschutz und Cookies.', description: 'Terms, privacy and cookies not all accepted (spec section 8)' },
  parentRequired: { id: 'accounts.registerPage.parentRequired', defaultMessage: 'Bitte gib die E-Mail-Adresse eines Elternteils an.', description: 'Below 16 without a parent e-mail' },
  doneTitle: { id: 'accounts.registerPage.doneTitle', defaultMessage: 'Fast geschafft!', description: 'Heading after a successful registration' },
});

export const linkMessages = defineMessages({
  activateTitle: { id: 'accounts.activatePage.title', defaultMessage: 'Konto aktivieren', description: 'Heading of /account/activate' },
  activateIntro: { id: 'accounts.activatePage.intro', defaultMessage: 'Bestätige deine E-Mail-Adresse, damit dein Konto aktiv wird.', description: 'Explains the activation' },
  activateButton: { id: 'accounts.activatePage.button', defaultMessage: 'Konto aktivieren', description: 'Activates the account' },
  activated: { id: 'accounts.activatePage.done', defaultMessage: 'Dein Konto ist aktiv. Du kannst dich jetzt anmelden.', description: 'The account is active' },
  activatedPendingParent: { id: 'accounts.activatePage.pendingParent', defaultMessage: 'Deine E-Mail-Adresse ist bestätigt. Dein Konto wird aktiv, sobald ein Elternteil zugestimmt hat.', description: 'Activated, but the parent has not confirmed yet' },
  childTitle: { id: 'accounts.childPage.title', defaultMessage: 'Zustimmung der Eltern', description: 'Heading of /account/child' },
  childIntro: { id: 'accounts.childPage.intro', defaultMessage: 'Dein Kind hat sich bei Planwerk registriert und ist jünger als 16 Jahre. Mit deiner Zustimmung wird das Konto aktiv.', description: 'Explains the parent confirmation' },
  childButton: { id: 'accounts.childPage.button', defaultMessage: 'Zustimmen', description: 'The parent confirms' },
  childDone: { id: 'accounts.childPage.done', defaultMessage: 'Danke! Das Konto deines Kindes ist jetzt freigegeben.', description: 'The parent confirmed and the account is active' },
  childPendingActivation: { id: 'accounts.childPage.pendingActivation', defaultMessage: 'Danke! Das Konto wird aktiv, sobald dein Kind seine E-Mail-Adresse bestätigt hat.', description: 'The parent confirmed; the child still has to activate' },
  invalid: { id: 'accounts.linkPage.invalid', defaultMessage: 'Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt.', description: 'A mail link token that cannot be used' },
  toLogin: { id: 'accounts.linkPage.toLogin', defaultMessage: 'Zur Anmeldung', description: 'Link to the login page' },
});

export const resetMessages = defineMessages({
  title: { id: 'accounts.resetPage.title', defaultMessage: 'Passwort zurücksetzen', description: 'Heading of /account/reset' },
  requestIntro: { id: 'accounts.resetPage.requestIntro', defaultMessage: 'Gib die E-Mail-Adresse deines Kontos ein. Wir schicken dir einen Link, mit dem du ein neues Passwort festlegst.', description: 'Explains the reset request' },
  mail: { id: 'accounts.resetPage.mail', defaultMessage: 'E-Mail-Adresse', description: 'Label of the e-mail field' },
  request: { id: 'accounts.resetPage.request', defaultMessage: 'Link anfordern', description: 'Requests the reset mail' },
  requested: { id: 'accounts.resetPage.requested', defaultMessage: 'Wenn ein Konto mit dieser Adresse existiert, ist ein Link zum Zurücksetzen unterwegs.', description: 'After the request (same answer for unknown addresses)' },
  setIntro: { id: 'accounts.resetPage.setIntro', defaultMessage: 'Lege ein neues Passwort für dein Konto fest.', description: 'Explains the new password form' },
  password: { id: 'accounts.resetPage.password', defaultMessage: 'Neues Passwort', description: 'Label of the new password' },
  password2: { id: 'accounts.resetPage.password2', defaultMessage: 'Neues Passwort wiederholen', description: 'Label of the repeated new password' },
  signOutEverywhere: { id: 'accounts.resetPage.signOutEverywhere', defaultMessage: 'Auf allen Geräten abmelden', description: 'Ends every session with the new password' },
  save: { id: 'accounts.resetPage.save', defaultMessage: 'Passwort speichern', description: 'Saves the new password' },
  changed: { id: 'accounts.resetPage.changed', defaultMessage: 'Dein Passwort wurde geändert. Du kannst dich jetzt damit anmelden.', description: 'The password was reset' },
});

export const privacyMessages = defineMessages({
  title: { id: 'accounts.privacyPage.title', defaultMessage: 'Datenschutz', description: 'Heading of /account/privacy' },
  intro: { id: 'accounts.privacyPage.intro', defaultMessage: 'Planwerk speichert nur, was für dein Konto, deine Teams und deine Eintragungen nötig ist. Namen und E-Mail-Adressen liegen verschlüsselt vor; beim Löschen des Kontos wird ihr Schlüssel vernichtet.', description: 'What is stored about the person' },
  rights: { id: 'accounts.privacyPage.rights', defaultMessage: 'Deine Rechte', description: 'Heading of the list of rights' },
  export: { id: 'accounts.privacyPage.export', defaultMessage: 'Meine Daten herunterladen', description: 'Link to the data export' },
  settings: { id: 'accounts.privacyPage.settings', defaultMessage: 'Datenschutz-Einstellungen', description: 'Link to the privacy settings' },
  delete: { id: 'accounts.privacyPage.delete', defaultMessage: 'Konto löschen', description: 'Link to the account deletion' },
});

export const dataMessages = defineMessages({
  title: { id: 'accounts.dataPage.title', defaultMessage: 'Meine Daten', description: 'Heading of /account/data' },
  intro: { id: 'accounts.dataPage.intro', defaultMessage: 'Lade alles herunter, was Planwerk über dich gespeichert hat, als JSON-Datei.', description: 'Explains the data export' },
  export: { id: 'accounts.dataPage.export', defaultMessage: 'Daten exportieren', description: 'Starts the data export' },
  working: { id: 'accounts.dataPage.working', defaultMessage: 'Der Export wird erstellt …', description: 'Progress of the export' },
  done: { id: 'accounts.dataPage.done', defaultMessage: 'Der Export ist fertig.', description: 'The export is ready' },
  download: { id: 'accounts.dataPage.download', defaultMessage: 'Datei speichern', description: 'Saves the export file' },
});

export const callbackMessages = defineMessages({
  title: { id: 'accounts.callbackPage.title', defaultMessage: 'Anmeldung wird abgeschlossen', description: 'Heading of /callback (social login)' },
  working: { id: 'accounts.callbackPage.working', defaultMessage: 'Einen Moment, wir melden dich an …', description: 'While the social login completes' },
  failed: { id: 'accounts.callbackPage.failed', defaultMessage: 'Die Anmeldung konnte nicht abgeschlossen werden.', description: 'The callback has no usable state' },
});

export const socialLoginMessage = defineMessage<{ provider: string }>({ id: 'accounts.loginPage.social', defaultMessage: 'Mit {provider} anmelden', description: 'Social login button with the provider name' });

export const registerDoneMessage = defineMessage<{ mail: string }>({ id: 'accounts.registerPage.done', defaultMessage: 'Wir haben dir eine E-Mail an {mail} geschickt. Bitte bestätige deine Adresse über den Link darin.', description: 'After registering: the activation mail is on its way' });

export const registerDoneParentMessage = defineMessage<{ parentMail: string }>({ id: 'accounts.registerPage.doneParent', defaultMessage: 'Außerdem muss ein Elternteil zustimmen: {parentMail} hat eine E-Mail von uns bekommen.', description: 'After a registration below 16' });

export const callbackWelcomeMessage = defineMessage<{ name: string }>({ id: 'accounts.callbackPage.welcome', defaultMessage: 'Willkommen, {name}! Dein Konto wurde angelegt.', description: 'A new account from a social login' });
