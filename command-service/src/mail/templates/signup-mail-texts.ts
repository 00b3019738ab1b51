import type { MailLanguage } from '@planwerk/events';
import { hello, type MailTexts } from './mail-text-shape';

// The sign-up mails (ADR 0006): a waitlisted member moved up (`signup-promoted`) and an
// admin's notice to everyone signed up in a list (`list-notify`); a visitor's confirmation with
// the private link to change or cancel (`signup-confirmation`, issue 14). German is the source.
// The confirmation's params: projectName, itemName, status (placed | waitlisted), when (the
// date and time in the mail's language, empty without a date), calendar (yes | no).

export type SignupMailTemplate = 'signup-promoted' | 'list-notify' | 'signup-confirmation';


export const SIGNUP_MAIL_TEXTS: Record<MailLanguage, Record<SignupMailTemplate, MailTexts>> = {
  de: {
    'signup-confirmation': {
      subject: 'Deine Eintragung ist bestätigt',
      greeting: hello('Hallo'),
      body: (p) => [
        p.status === 'waitlisted'
          ? `du stehst im Projekt „${p.projectName}“ für „${p.itemName}“ auf der Warteliste. Wird ein Platz frei, rückst du nach.`
          : `du bist im Projekt „${p.projectName}“ für „${p.itemName}“ eingetragen.`,
        ...(p.when ? [`Wann: ${p.when}`] : []),
        ...(p.calendar === 'yes' ? ['Den Termin für deinen Kalender findest du im Anhang.'] : []),
        'Über den folgenden Link kannst du deine Eintragung auf jedem Gerät ändern oder zurückziehen.',
      ],
      action: 'Eintragung ändern oder zurückziehen',
      footer: 'Der Link ist privat: Wer ihn hat, kann deine Eintragung ändern. Bitte leite diese E-Mail nicht weiter. Wenn du dich nicht eingetragen hast, kannst du sie ignorieren.',
    },
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
    'signup-confirmation': {
      subject: 'Your sign-up is confirmed',
      greeting: hello('Hello'),
      body: (p) => [
        p.status === 'waitlisted'
          ? `you are on the waitlist for “${p.itemName}” in the project “${p.projectName}”. If a place becomes free, you move up.`
          : `you are signed up for “${p.itemName}” in the project “${p.projectName}”.`,
        ...(p.when ? [`When: ${p.when}`] : []),
        ...(p.calendar === 'yes' ? ['The date for your calendar is attached.'] : []),
        'With the link below you can change or cancel your sign-up on any device.',
      ],
      action: 'Change or cancel sign-up',
      footer: 'This link is private: anyone who has it can change your sign-up. Please do not forward this email. If you did not sign up, you can ignore it.',
    },
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
    'signup-confirmation': {
      subject: 'Ton inscription est confirmée',
      greeting: hello('Bonjour'),
      body: (p) => [
        p.status === 'waitlisted'
          ? `tu es sur la liste d’attente pour « ${p.itemName} » dans le projet « ${p.projectName} ». Si une place se libère, tu passes en inscription.`
          : `tu es inscrit pour « ${p.itemName} » dans le projet « ${p.projectName} ».`,
        ...(p.when ? [`Quand : ${p.when}`] : []),
        ...(p.calendar === 'yes' ? ['Tu trouveras la date pour ton agenda en pièce jointe.'] : []),
        'Le lien ci-dessous te permet de modifier ou d’annuler ton inscription depuis n’importe quel appareil.',
      ],
      action: 'Modifier ou annuler l’inscription',
      footer: 'Ce lien est privé : quiconque le possède peut modifier ton inscription. Merci de ne pas transférer cet e-mail. Si tu ne t’es pas inscrit, tu peux l’ignorer.',
    },
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
    'signup-confirmation': {
      subject: 'La tua iscrizione è confermata',
      greeting: hello('Ciao'),
      body: (p) => [
        p.status === 'waitlisted'
          ? `sei in lista d’attesa per «${p.itemName}» nel progetto «${p.projectName}». Se si libera un posto, subentri tu.`
          : `sei iscritto a «${p.itemName}» nel progetto «${p.projectName}».`,
        ...(p.when ? [`Quando: ${p.when}`] : []),
        ...(p.calendar === 'yes' ? ['In allegato trovi l’appuntamento per il tuo calendario.'] : []),
        'Con il link qui sotto puoi modificare o annullare la tua iscrizione da qualsiasi dispositivo.',
      ],
      action: 'Modifica o annulla l’iscrizione',
      footer: 'Questo link è privato: chi lo possiede può modificare la tua iscrizione. Non inoltrare questa e-mail. Se non ti sei iscritto, puoi ignorarla.',
    },
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
