import type { MailLanguage } from '@planwerk/events';
import type { MailTexts } from './mail-text-shape';

// The mail to the operator of this installation when a team's owner or admin writes through
// /settings/admin/contact (SupportRequested). It goes to SUPPORT_MAIL in the operator's language
// (German; the other three for an operator who reads those), Reply-To the person who wrote, so
// answering the mail answers them. German is the source.

export type SupportMailTemplate = 'support-request';

const body = (intro: string, subjectLabel: string, messageLabel: string) => (p: Readonly<Record<string, string>>): string[] =>
  [intro, `${subjectLabel} ${p.subject}`, messageLabel, p.message ?? ''];

export const SUPPORT_MAIL_TEXTS: Record<MailLanguage, Record<SupportMailTemplate, MailTexts>> = {
  de: {
    'support-request': {
      subject: 'Anfrage an den Betreiber von Planwerk',
      subjectFor: (p) => `Anfrage aus dem Team „${p.teamName}“: ${p.subject}`,
      greeting: () => 'Hallo,',
      body: (p) => body(`${p.personName} (${p.personEmail}) schreibt für das Team „${p.teamName}“ an den Betreiber dieser Planwerk-Installation.`, 'Betreff:', 'Nachricht:')(p),
      action: 'Team ansehen',
      footer: 'Eine Antwort auf diese E-Mail geht an die Person, die geschrieben hat.',
    },
  },
  en: {
    'support-request': {
      subject: 'Request to the operator of Planwerk',
      subjectFor: (p) => `Request from the team “${p.teamName}”: ${p.subject}`,
      greeting: () => 'Hello,',
      body: (p) => body(`${p.personName} (${p.personEmail}) writes to the operator of this Planwerk installation for the team “${p.teamName}”.`, 'Subject:', 'Message:')(p),
      action: 'View team',
      footer: 'A reply to this email goes to the person who wrote.',
    },
  },
  fr: {
    'support-request': {
      subject: 'Demande à l’exploitant de Planwerk',
      subjectFor: (p) => `Demande de l’équipe « ${p.teamName} » : ${p.subject}`,
      greeting: () => 'Bonjour,',
      body: (p) => body(`${p.personName} (${p.personEmail}) écrit à l’exploitant de cette installation Planwerk pour l’équipe « ${p.teamName} ».`, 'Objet :', 'Message :')(p),
      action: 'Voir l’équipe',
      footer: 'Une réponse à cet e-mail est envoyée à la personne qui a écrit.',
    },
  },
  it: {
    'support-request': {
      subject: 'Richiesta al gestore di Planwerk',
      subjectFor: (p) => `Richiesta dal team «${p.teamName}»: ${p.subject}`,
      greeting: () => 'Ciao,',
      body: (p) => body(`${p.personName} (${p.personEmail}) scrive al gestore di questa installazione di Planwerk per il team «${p.teamName}».`, 'Oggetto:', 'Messaggio:')(p),
      action: 'Vedi il team',
      footer: 'Una risposta a questa e-mail va alla persona che ha scritto.',
    },
  },
};
