import {
  MAIL_LANGUAGES,
  NOTIFICATION_TIME_ZONE,
  OrganiserDigestDue,
  OrganiserSignupNoticeDue,
  SignupReminderDue,
  signupsStreamId,
  teamStreamId,
  type ExistingProject,
  type MailSourceContext,
  type MailSources,
} from '@planwerk/events';
import { accountAddressOf, projectOf } from './mail-source-reads';
import { activeSignups, itemStart } from './signup-reminder.schedule';

// The mails of reminders and organiser notifications (issue 14, ADR 0013). Each source reads
// the log again when the job runs: a reminder goes only to a sign-up that is still placed on
// an item that still starts then; a notice names the person from the sign-up (no name once
// their data is erased). Members get their address, name and language from their account; a
// visitor is reminded at the address they left on the sign-up (none: no mail).

/** The project while it is not in the trash: a trashed project sends no reminders or notices. */
async function liveProjectOf(projectId: string, context: MailSourceContext): Promise<ExistingProject | null> {
  const project = await projectOf(projectId, context);
  return project && project.status !== 0 ? project : null;
}

async function editorPath(project: ExistingProject, context: MailSourceContext): Promise<string | null> {
  const slice = await context.store.readStream(teamStreamId(project.teamId));
  let link: string | null = null;
  for (const event of slice.events) {
    const data = event.data as { link?: unknown };
    if (typeof data.link === 'string') link = data.link;
  }
  return link === null ? null : `/manage/${encodeURIComponent(link)}/project/${project.projectId}`;
}

const languageOf = (value: string | null | undefined): string => ((MAIL_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as string) : 'de');

function formatWhen(startsAt: string, withTime: boolean, language: string): string {
  const options: Intl.DateTimeFormatOptions = withTime ? { dateStyle: 'full', timeStyle: 'short' } : { dateStyle: 'full' };
  return new Intl.DateTimeFormat(languageOf(language), { ...options, timeZone: NOTIFICATION_TIME_ZONE }).format(new Date(startsAt));
}

function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(languageOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

const fullName = (first: string | null, last: string | null): string => [first, last].filter((part) => part !== null && part.trim() !== '').join(' ');

export function createOrganiserNotificationMailSources(): MailSources {
  return {
    [SignupReminderDue.type]: async (event, context) => {
      const data = SignupReminderDue.schema.parse(event.data);
      const [project, signups] = await Promise.all([
        liveProjectOf(data.projectId, context),
        context.store.readStream(signupsStreamId(data.listId)).then((slice) => activeSignups(slice.events)),
      ]);
      const item = project?.items.find((i) => i.itemId === data.itemId && i.listId === data.listId);
      const signup = signups.get(data.signupId);
      // Cancelled, moved to another item, back on the waitlist, or the item moved: no reminder.
      if (!project || !item || !signup || signup.itemId !== data.itemId || signup.status !== 'placed') return null;
      if (itemStart(item)?.toISOString() !== new Date(data.startsAt).toISOString()) return null;
      let to: string | null;
      let toName: string | null;
      let language: string;
      if (signup.userId !== null) {
        const account = await accountAddressOf(signup.userId, context);
        if (!account) return null;
        ({ email: to, firstName: toName, language } = account);
      } else {
        const email = signup.addedData.email;
        if (typeof email !== 'string' || email === '') return null;
        to = email;
        toName = typeof signup.addedData.name === 'string' ? signup.addedData.name : null;
        // The page's language when the address was given (German for sign-ups from before).
        language = languageOf(typeof signup.addedData.language === 'string' ? signup.addedData.language : null);
      }
      return {
        template: 'signup-reminder', to, toName, language,
        params: { projectName: project.name, itemName: item.name, when: formatWhen(data.startsAt, item.time !== null, language) },
        linkPath: `/${project.link}`,
      };
    },
    [OrganiserSignupNoticeDue.type]: async (event, context) => {
      const data = OrganiserSignupNoticeDue.schema.parse(event.data);
      const [recipient, project, source] = await Promise.all([
        accountAddressOf(data.userId, context),
        liveProjectOf(data.projectId, context),
        context.store.readStream(signupsStreamId(data.listId), { fromVersion: data.sourceVersion, maxCount: 1 }),
      ]);
      const list = project?.lists.find((l) => l.listId === data.listId);
      const item = project?.items.find((i) => i.itemId === data.itemId);
      const added = source.events[0];
      if (!recipient || !project || !list || !item || !added || added.eventId !== data.sourceEventId) return null;
      const link = await editorPath(project, context);
      if (link === null) return null;
      const signup = added.data as { name?: unknown; userId?: unknown };
      let person = typeof signup.name === 'string' ? signup.name : '';
      if (person === '' && typeof signup.userId === 'string') {
        const member = await accountAddressOf(signup.userId, context);
        person = member ? fullName(member.firstName, member.lastName) : '';
      }
      return {
        template: 'organiser-signup', to: recipient.email, toName: recipient.firstName, language: recipient.language,
        params: { projectName: project.name, listName: list.name, itemName: item.name, person }, linkPath: link,
      };
    },
    [OrganiserDigestDue.type]: async (event, context) => {
      const data = OrganiserDigestDue.schema.parse(event.data);
      const [recipient, project] = await Promise.all([accountAddressOf(data.userId, context), liveProjectOf(data.projectId, context)]);
      if (!recipient || !project) return null;
      const link = await editorPath(project, context);
      if (link === null) return null;
      const names = new Map(project.items.map((i) => [i.itemId, i.name]));
      const lines = data.items
        .filter((i) => names.has(i.itemId))
        .map((i) => `${names.get(i.itemId)}: +${i.added} / −${i.cancelled}`);
      let items = '';
      for (const line of lines) {
        if (items.length + line.length + 1 > 500) break;
        items = items === '' ? line : `${items}\n${line}`;
      }
      return {
        template: 'organiser-digest', to: recipient.email, toName: recipient.firstName, language: recipient.language,
        params: { projectName: project.name, day: formatDay(data.day, recipient.language), added: data.added, cancelled: data.cancelled, items },
        linkPath: link,
      };
    },
  };
}
