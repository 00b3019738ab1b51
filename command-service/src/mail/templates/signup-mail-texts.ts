import type { MailLanguage } from '@planwerk/events';

// The sign-up mails (ADR 0006): a waitlisted member moved up (`signup-promoted`) and an
// admin's notice to everyone signed up in a list (`list-notify`). German is the source.

export type SignupMailTemplate = 'signup-promoted' | 'list-notify';

// The shape of MailTexts (mail-texts.ts), which spreads these in: declared here, so the two
// files do not import each other.
interface MailTexts {
  subject: string;
  greeting(name: string | undefined): string;
  body(params: Readonly<Record<string, string>>): string[];
  action: string;
  footer: string;
}

const hello = (de: string) => (name: string | undefined) => (name ? `${de} ${name},` : `${de},`);

export const SIGNUP_MAIL_TEXTS: Record<MailLanguage, Record<SignupMailTemplate, MailTexts>> = {
  de: {
    'signup-promoted': {
      subject: 'Du bist von der Warteliste nachgerückt',
      greeting: hello('Hallo'),
      body: (p) => [`im Projekt „${p.projectName}“ ist ein Platz frei geworden: du bist für „${p.itemName}“ von der Warteliste nachgerückt und jetzt eingetragen.`],
      action: 'Projekt ansehen',
      footer: 'Wenn du nicht mehr teilnehmen kannst, trage dich bitte wieder aus, damit die nächste Person nachrücken kann.',
    },
    'list-notify': {
      subject: 'Neue Nachricht zu deiner Eintragung',
      greeting: hello('Hallo'),
      body: (p) => [`Nachricht zur Liste „${p.listName}“ im Projekt „${p.projectName}“:`, p.subject, p.text],
      action: 'Projekt ansehen',
      footer: 'Du erhältst diese E-Mail, weil du in dieser Liste eingetragen bist.',
    },
  },
  en: {
    'signup-promoted': {
      subject: 'You moved up from the waitlist',
      greeting: hello('Hello'),
      body: (p) => [`a place has become free in the project “${p.projectName}”: you moved up from the waitlist for “${p.itemName}” and are now signed up.`],
      action: 'View project',
      footer: 'If you can no longer take part, please cancel your sign-up so the next person can move up.',
    },
    'list-notify': {
      subject: 'New message about your sign-up',
      greeting: hello('Hello'),
      body: (p) => [`A message about the list “${p.listName}” in the project “${p.projectName}”:`, p.subject, p.text],
      action: 'View project',
      footer: 'You are receiving this email because you signed up in this list.',
    },
  },
  fr: {
    'signup-promoted': {
      subject: 'Tu as quitté la liste d’attente',
      greeting: hello('Bonjour'),
      body: (p) => [`une place s’est libérée dans le projet « ${p.projectName} » : tu es passé de la liste d’attente à une inscription pour « ${p.itemName} ».`],
      action: 'Voir le projet',
      footer: 'Si tu ne peux plus participer, annule ton inscription pour que la personne suivante puisse en profiter.',
    },
    'list-notify': {
      subject: 'Nouveau message concernant ton inscription',
      greeting: hello('Bonjour'),
      body: (p) => [`Un message concernant la liste « ${p.listName} » du projet « ${p.projectName} » :`, p.subject, p.text],
      action: 'Voir le projet',
      footer: 'Tu reçois cet e-mail parce que tu es inscrit dans cette liste.',
    },
  },
  it: {
    'signup-promoted': {
      subject: 'Sei uscito dalla lista d’attesa',
      greeting: hello('Ciao'),
      body: (p) => [`nel progetto «${p.projectName}» si è liberato un posto: sei passato dalla lista d’attesa all’iscrizione per «${p.itemName}».`],
      action: 'Vedi il progetto',
      footer: 'Se non puoi più partecipare, annulla la tua iscrizione così la persona successiva può subentrare.',
    },
    'list-notify': {
      subject: 'Nuovo messaggio sulla tua iscrizione',
      greeting: hello('Ciao'),
      body: (p) => [`Un messaggio sulla lista «${p.listName}» del progetto «${p.projectName}»:`, p.subject, p.text],
      action: 'Vedi il progetto',
      footer: 'Ricevi questa e-mail perché sei iscritto a questa lista.',
    },
  },
};
