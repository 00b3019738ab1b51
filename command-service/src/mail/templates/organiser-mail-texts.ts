import type { MailLanguage } from '@planwerk/events';
import { hello, type MailTexts } from './mail-text-shape';

// Mails to organisers who asked for them (issue 14, ADR 0013): one per new sign-up, or a daily
// digest of the day's sign-ups and cancellations. Both link to the project editor. A person
// whose data was erased has no name (`person` empty). German is the source.

export type OrganiserMailTemplate = 'organiser-signup' | 'organiser-digest';

const lines = (items: string | undefined): string[] => (items ? items.split('\n') : []);

export const ORGANISER_MAIL_TEXTS: Record<MailLanguage, Record<OrganiserMailTemplate, MailTexts>> = {
  de: {
    'organiser-signup': {
      subject: 'Neue Eintragung',
      greeting: hello('Hallo'),
      body: (p) => [`${p.person ? p.person : 'Jemand'} hat sich im Projekt „${p.projectName}“ in der Liste „${p.listName}“ für „${p.itemName}“ eingetragen.`],
      action: 'Projekt bearbeiten',
      footer: 'Du erhältst diese E-Mail, weil du für dieses Projekt eine E-Mail pro Eintragung gewählt hast. Ändern kannst du das im Projekt unter „Benachrichtigungen“.',
    },
    'organiser-digest': {
      subject: 'Tägliche Zusammenfassung deines Projekts',
      greeting: hello('Hallo'),
      body: (p) => [`im Projekt „${p.projectName}“ gab es am ${p.day} ${p.added} neue Eintragungen und ${p.cancelled} Absagen.`, ...lines(p.items)],
      action: 'Projekt bearbeiten',
      footer: 'Du erhältst diese E-Mail, weil du für dieses Projekt eine tägliche Zusammenfassung gewählt hast. Ändern kannst du das im Projekt unter „Benachrichtigungen“.',
    },
  },
  en: {
    'organiser-signup': {
      subject: 'New sign-up',
      greeting: hello('Hello'),
      body: (p) => [`${p.person ? p.person : 'Someone'} signed up for “${p.itemName}” in the list “${p.listName}” of the project “${p.projectName}”.`],
      action: 'Edit project',
      footer: 'You are receiving this email because you chose one email per sign-up for this project. You can change this in the project under “Notifications”.',
    },
    'organiser-digest': {
      subject: 'Daily summary of your project',
      greeting: hello('Hello'),
      body: (p) => [`the project “${p.projectName}” had ${p.added} new sign-ups and ${p.cancelled} cancellations on ${p.day}.`, ...lines(p.items)],
      action: 'Edit project',
      footer: 'You are receiving this email because you chose a daily summary for this project. You can change this in the project under “Notifications”.',
    },
  },
  fr: {
    'organiser-signup': {
      subject: 'Nouvelle inscription',
      greeting: hello('Bonjour'),
      body: (p) => [`${p.person ? p.person : 'Quelqu’un'} s’est inscrit pour « ${p.itemName} » dans la liste « ${p.listName} » du projet « ${p.projectName} ».`],
      action: 'Modifier le projet',
      footer: 'Tu reçois cet e-mail parce que tu as choisi un e-mail par inscription pour ce projet. Tu peux le changer dans le projet, sous « Notifications ».',
    },
    'organiser-digest': {
      subject: 'Résumé quotidien de ton projet',
      greeting: hello('Bonjour'),
      body: (p) => [`le projet « ${p.projectName} » a reçu ${p.added} nouvelles inscriptions et ${p.cancelled} annulations le ${p.day}.`, ...lines(p.items)],
      action: 'Modifier le projet',
      footer: 'Tu reçois cet e-mail parce que tu as choisi un résumé quotidien pour ce projet. Tu peux le changer dans le projet, sous « Notifications ».',
    },
  },
  it: {
    'organiser-signup': {
      subject: 'Nuova iscrizione',
      greeting: hello('Ciao'),
      body: (p) => [`${p.person ? p.person : 'Qualcuno'} si è iscritto a «${p.itemName}» nella lista «${p.listName}» del progetto «${p.projectName}».`],
      action: 'Modifica il progetto',
      footer: 'Ricevi questa e-mail perché hai scelto un’e-mail per ogni iscrizione a questo progetto. Puoi cambiarlo nel progetto, in «Notifiche».',
    },
    'organiser-digest': {
      subject: 'Riepilogo giornaliero del tuo progetto',
      greeting: hello('Ciao'),
      body: (p) => [`il progetto «${p.projectName}» ha ricevuto ${p.added} nuove iscrizioni e ${p.cancelled} annullamenti il ${p.day}.`, ...lines(p.items)],
      action: 'Modifica il progetto',
      footer: 'Ricevi questa e-mail perché hai scelto un riepilogo giornaliero per questo progetto. Puoi cambiarlo nel progetto, in «Notifiche».',
    },
  },
};
