import type { MailLanguage, MailTemplate } from '@planwerk/events';
import { PROJECT_MAIL_TEXTS } from './project-mail-texts';
import { SIGNUP_MAIL_TEXTS } from './signup-mail-texts';
import { REMINDER_MAIL_TEXTS } from './reminder-mail-texts';
import { ORGANISER_MAIL_TEXTS } from './organiser-mail-texts';
import { SUPPORT_MAIL_TEXTS } from './support-mail-texts';
import type { MailTexts } from './mail-text-shape';

// The words of each mail. German is the source; en, fr and it are translations of it.
// Values in `{…}` come from the request and are escaped by the renderer.

export type { MailTexts } from './mail-text-shape';

type Catalogue = Record<MailTemplate, MailTexts>;

const de: Catalogue = {
  ...SIGNUP_MAIL_TEXTS.de,
  ...PROJECT_MAIL_TEXTS.de,
  ...REMINDER_MAIL_TEXTS.de,
  ...ORGANISER_MAIL_TEXTS.de,
  ...SUPPORT_MAIL_TEXTS.de,
  activation: {
    subject: 'Bitte bestätige deine E-Mail-Adresse für Planwerk',
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    body: () => ['willkommen bei Planwerk! Bitte bestätige deine E-Mail-Adresse, damit dein Konto aktiv wird.'],
    action: 'Konto aktivieren',
    footer: 'Wenn du dich nicht bei Planwerk registriert hast, kannst du diese E-Mail ignorieren.',
  },
  'parent-confirmation': {
    subject: 'Dein Kind möchte Planwerk nutzen',
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    body: (p) => [`${p.childName} hat sich bei Planwerk registriert und ist jünger als 16 Jahre. Das Konto wird erst aktiv, wenn du zustimmst.`],
    action: 'Zustimmen',
    footer: 'Wenn du nicht zustimmst, musst du nichts tun: das Konto bleibt inaktiv.',
  },
  'password-reset': {
    subject: 'Passwort für Planwerk zurücksetzen',
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    body: () => ['jemand hat verlangt, das Passwort deines Planwerk-Kontos zurückzusetzen. Der Link ist nur einmal und nur kurze Zeit gültig.'],
    action: 'Neues Passwort festlegen',
    footer: 'Wenn du das nicht warst, ignoriere diese E-Mail: dein Passwort bleibt unverändert.',
  },
  'new-device': {
    subject: 'Neue Anmeldung bei Planwerk',
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    body: (p) => [`dein Planwerk-Konto wurde auf einem neuen Gerät angemeldet: ${p.deviceName}.`],
    action: 'Geräte und Sitzungen ansehen',
    footer: 'Warst du das nicht? Beende die Sitzung und ändere dein Passwort.',
  },
  'team-invitation': {
    subject: 'Einladung in ein Team bei Planwerk',
    greeting: () => 'Hallo,',
    body: (p) => [`du wurdest in das Team „${p.teamName}“ bei Planwerk eingeladen.`],
    action: 'Einladung ansehen',
    footer: 'Wenn du niemanden in diesem Team kennst, ignoriere diese E-Mail.',
  },
};

const en: Catalogue = {
  ...SIGNUP_MAIL_TEXTS.en,
  ...PROJECT_MAIL_TEXTS.en,
  ...REMINDER_MAIL_TEXTS.en,
  ...ORGANISER_MAIL_TEXTS.en,
  ...SUPPORT_MAIL_TEXTS.en,
  activation: {
    subject: 'Please confirm your email address for Planwerk',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: () => ['welcome to Planwerk! Please confirm your email address to activate your account.'],
    action: 'Activate account',
    footer: 'If you did not sign up for Planwerk, you can ignore this email.',
  },
  'parent-confirmation': {
    subject: 'Your child would like to use Planwerk',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: (p) => [`${p.childName} has signed up for Planwerk and is younger than 16. The account becomes active only once you agree.`],
    action: 'Agree',
    footer: 'If you do not agree, there is nothing to do: the account stays inactive.',
  },
  'password-reset': {
    subject: 'Reset your Planwerk password',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: () => ['someone asked to reset the password of your Planwerk account. The link works once and only for a short time.'],
    action: 'Set a new password',
    footer: 'If this was not you, ignore this email: your password stays the same.',
  },
  'new-device': {
    subject: 'New sign-in to Planwerk',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: (p) => [`your Planwerk account was signed in on a new device: ${p.deviceName}.`],
    action: 'View devices and sessions',
    footer: 'Was this not you? End the session and change your password.',
  },
  'team-invitation': {
    subject: 'Invitation to a team on Planwerk',
    greeting: () => 'Hello,',
    body: (p) => [`you have been invited to the team “${p.teamName}” on Planwerk.`],
    action: 'View invitation',
    footer: 'If you do not know anyone in this team, ignore this email.',
  },
};

const fr: Catalogue = {
  ...SIGNUP_MAIL_TEXTS.fr,
  ...PROJECT_MAIL_TEXTS.fr,
  ...REMINDER_MAIL_TEXTS.fr,
  ...ORGANISER_MAIL_TEXTS.fr,
  ...SUPPORT_MAIL_TEXTS.fr,
  activation: {
    subject: 'Confirme ton adresse e-mail pour Planwerk',
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    body: () => ['bienvenue sur Planwerk ! Confirme ton adresse e-mail pour activer ton compte.'],
    action: 'Activer le compte',
    footer: 'Si tu ne t’es pas inscrit·e sur Planwerk, tu peux ignorer cet e-mail.',
  },
  'parent-confirmation': {
    subject: 'Ton enfant souhaite utiliser Planwerk',
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    body: (p) => [`${p.childName} s’est inscrit·e sur Planwerk et a moins de 16 ans. Le compte ne sera actif qu’avec ton accord.`],
    action: 'Donner mon accord',
    footer: 'Si tu n’es pas d’accord, tu n’as rien à faire : le compte reste inactif.',
  },
  'password-reset': {
    subject: 'Réinitialiser ton mot de passe Planwerk',
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    body: () => ['quelqu’un a demandé à réinitialiser le mot de passe de ton compte Planwerk. Le lien ne fonctionne qu’une fois et pour peu de temps.'],
    action: 'Choisir un nouveau mot de passe',
    footer: 'Si ce n’était pas toi, ignore cet e-mail : ton mot de passe reste inchangé.',
  },
  'new-device': {
    subject: 'Nouvelle connexion à Planwerk',
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    body: (p) => [`ton compte Planwerk a été connecté sur un nouvel appareil : ${p.deviceName}.`],
    action: 'Voir les appareils et sessions',
    footer: 'Ce n’était pas toi ? Termine la session et change ton mot de passe.',
  },
  'team-invitation': {
    subject: 'Invitation à une équipe sur Planwerk',
    greeting: () => 'Bonjour,',
    body: (p) => [`tu as été invité·e dans l’équipe « ${p.teamName} » sur Planwerk.`],
    action: 'Voir l’invitation',
    footer: 'Si tu ne connais personne dans cette équipe, ignore cet e-mail.',
  },
};

const it: Catalogue = {
  ...SIGNUP_MAIL_TEXTS.it,
  ...PROJECT_MAIL_TEXTS.it,
  ...REMINDER_MAIL_TEXTS.it,
  ...ORGANISER_MAIL_TEXTS.it,
  ...SUPPORT_MAIL_TEXTS.it,
  activation: {
    subject: 'Conferma il tuo indirizzo e-mail per Planwerk',
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    body: () => ['benvenuto/a su Planwerk! Conferma il tuo indirizzo e-mail per attivare il tuo account.'],
    action: 'Attiva l’account',
    footer: 'Se non ti sei registrato/a su Planwerk, puoi ignorare questa e-mail.',
  },
  'parent-confirmation': {
    subject: 'Tuo figlio / tua figlia vuole usare Planwerk',
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    body: (p) => [`${p.childName} si è registrato/a su Planwerk e ha meno di 16 anni. L’account diventa attivo solo con il tuo consenso.`],
    action: 'Acconsenti',
    footer: 'Se non acconsenti, non devi fare nulla: l’account resta inattivo.',
  },
  'password-reset': {
    subject: 'Reimposta la tua password di Planwerk',
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    body: () => ['qualcuno ha chiesto di reimpostare la password del tuo account Planwerk. Il link vale una sola volta e per poco tempo.'],
    action: 'Imposta una nuova password',
    footer: 'Se non sei stato/a tu, ignora questa e-mail: la tua password resta invariata.',
  },
  'new-device': {
    subject: 'Nuovo accesso a Planwerk',
    greeting: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    body: (p) => [`al tuo account Planwerk è stato effettuato l’accesso da un nuovo dispositivo: ${p.deviceName}.`],
    action: 'Vedi dispositivi e sessioni',
    footer: 'Non sei stato/a tu? Termina la sessione e cambia la password.',
  },
  'team-invitation': {
    subject: 'Invito a un team su Planwerk',
    greeting: () => 'Ciao,',
    body: (p) => [`sei stato/a invitato/a nel team «${p.teamName}» su Planwerk.`],
    action: 'Vedi l’invito',
    footer: 'Se non conosci nessuno in questo team, ignora questa e-mail.',
  },
};

export const MAIL_TEXTS: Record<MailLanguage, Catalogue> = { de, en, fr, it };
