import type { MailLanguage } from '@planwerk/events';
import type { MailTexts } from './mail-text-shape';

// The project mails (spec section 2, project context menu "invite"): someone of the team
// invites addresses to a project's public view /{prjLink}, optionally with a message of their
// own. German is the source.

export type ProjectMailTemplate = 'project-invite';

/** The inviter's own words, when there are any, as a paragraph of their own. */
const withMessage = (lead: string, message: string | undefined, intro: string): string[] =>
  message ? [lead, intro, message] : [lead];

export const PROJECT_MAIL_TEXTS: Record<MailLanguage, Record<ProjectMailTemplate, MailTexts>> = {
  de: {
    'project-invite': {
      subject: 'Einladung zu einem Projekt bei Planwerk',
      greeting: () => 'Hallo,',
      body: (p) => withMessage(`${p.inviterName} lädt dich zum Projekt „${p.projectName}“ bei Planwerk ein.`, p.message, 'Nachricht:'),
      action: 'Projekt ansehen',
      footer: 'Wenn du niemanden in diesem Projekt kennst, ignoriere diese E-Mail.',
    },
  },
  en: {
    'project-invite': {
      subject: 'Invitation to a project on Planwerk',
      greeting: () => 'Hello,',
      body: (p) => withMessage(`${p.inviterName} invites you to the project “${p.projectName}” on Planwerk.`, p.message, 'Message:'),
      action: 'View project',
      footer: 'If you do not know anyone in this project, please ignore this email.',
    },
  },
  fr: {
    'project-invite': {
      subject: 'Invitation à un projet sur Planwerk',
      greeting: () => 'Bonjour,',
      body: (p) => withMessage(`${p.inviterName} t’invite au projet « ${p.projectName} » sur Planwerk.`, p.message, 'Message :'),
      action: 'Voir le projet',
      footer: 'Si tu ne connais personne dans ce projet, ignore cet e-mail.',
    },
  },
  it: {
    'project-invite': {
      subject: 'Invito a un progetto su Planwerk',
      greeting: () => 'Ciao,',
      body: (p) => withMessage(`${p.inviterName} ti invita al progetto «${p.projectName}» su Planwerk.`, p.message, 'Messaggio:'),
      action: 'Vedi il progetto',
      footer: 'Se non conosci nessuno in questo progetto, ignora questa e-mail.',
    },
  },
};
