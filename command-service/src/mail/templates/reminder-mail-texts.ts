import type { MailLanguage } from '@planwerk/events';
import { hello, type MailTexts } from './mail-text-shape';

// The reminder before the date (issue 14): sent at the list's chosen time before the item
// starts to everyone placed on it who has an address. `when` is formatted by the source in the
// recipient's language. German is the source.

export type ReminderMailTemplate = 'signup-reminder';


export const REMINDER_MAIL_TEXTS: Record<MailLanguage, Record<ReminderMailTemplate, MailTexts>> = {
  de: {
    'signup-reminder': {
      subject: 'Erinnerung an deine Eintragung',
      greeting: hello('Hallo'),
      body: (p) => [`du bist im Projekt „${p.projectName}“ für „${p.itemName}“ eingetragen.`, `Es geht los: ${p.when}.`],
      action: 'Projekt ansehen',
      footer: 'Wenn du nicht teilnehmen kannst, trage dich bitte aus, damit jemand anderes den Platz bekommt.',
    },
  },
  en: {
    'signup-reminder': {
      subject: 'Reminder of your sign-up',
      greeting: hello('Hello'),
      body: (p) => [`you are signed up for “${p.itemName}” in the project “${p.projectName}”.`, `It starts: ${p.when}.`],
      action: 'View project',
      footer: 'If you cannot take part, please cancel your sign-up so someone else can have the place.',
    },
  },
  fr: {
    'signup-reminder': {
      subject: 'Rappel de ton inscription',
      greeting: hello('Bonjour'),
      body: (p) => [`tu es inscrit pour « ${p.itemName} » dans le projet « ${p.projectName} ».`, `Début : ${p.when}.`],
      action: 'Voir le projet',
      footer: 'Si tu ne peux pas participer, annule ton inscription pour que quelqu’un d’autre puisse prendre la place.',
    },
  },
  it: {
    'signup-reminder': {
      subject: 'Promemoria della tua iscrizione',
      greeting: hello('Ciao'),
      body: (p) => [`sei iscritto a «${p.itemName}» nel progetto «${p.projectName}».`, `Inizio: ${p.when}.`],
      action: 'Vedi il progetto',
      footer: 'Se non puoi partecipare, annulla la tua iscrizione così qualcun altro può prendere il posto.',
    },
  },
};
