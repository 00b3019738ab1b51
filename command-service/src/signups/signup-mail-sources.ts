import {
  ListMemberNotified,
  SignupAdded,
  SignupPromoted,
  signupsStreamId,
  type ItemState,
  type ExistingProject,
  type MailSourceContext,
  type MailSources,
} from '@planwerk/events';
import type { AuthKeys } from '@planwerk/platform';
import { accountAddressOf, projectOf, type AccountAddress } from './mail-source-reads';
import { signupTokenFor } from './signup-use-cases';

// The sign-up mails (ADR 0006). The address, first name and language come from the member's
// registration (first events of `account-<userId>`, decrypted by the store; an erased account
// gives no mail), the project's name and link from its stream at the time the job runs.
// A visitor without an account may leave an address when signing up (issue 14): that address
// (personal, under the sign-up's key) gets the confirmation with a calendar entry and the
// private link; once the key is erased (the visitor cancelled) there is no address and no mail.
// A name an admin entered has no address: a notice reaches members only.

type Recipient = Pick<AccountAddress, 'email' | 'firstName' | 'language'>;

/** A visitor's address from their SignUpAdded (null: none given, or erased with the sign-up). */
async function visitorOf(listId: string, signupId: string, context: MailSourceContext): Promise<Recipient | null> {
  const slice = await context.store.readStream(signupsStreamId(listId));
  for (const event of slice.events) {
    if (event.type !== SignupAdded.type || (event.data as { signupId?: unknown } | null)?.signupId !== signupId) continue;
    const parsed = SignupAdded.schema.safeParse(event.data);
    if (!parsed.success || parsed.data.by !== 'anonymous' || !parsed.data.email) return null;
    return { email: parsed.data.email, firstName: parsed.data.name, language: parsed.data.language ?? 'de' };
  }
  return null;
}

const WHEN_LANGUAGES = new Set(['de', 'en', 'fr', 'it']);

/** Where the project takes place, or null (read loosely: older projects have no place). */
function placeOf(project: ExistingProject): string | null {
  const place = (project.settings as { place?: unknown }).place;
  return typeof place === 'string' && place.trim() !== '' ? place.trim().slice(0, 500) : null;
}

/** The item's date and time in the mail's language ("Samstag, 14. März 2026, 18:00–20:00"); empty without a date. */
export function whenOf(item: Pick<ItemState, 'date' | 'time'>, language: string): string {
  if (!item.date) return '';
  const lang = WHEN_LANGUAGES.has(language) ? language : 'de';
  const day = new Intl.DateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${item.date}T12:00:00Z`));
  return item.time ? `${day}, ${item.time.from}–${item.time.to}` : day;
}

/**
 * The private part of a visitor's link, behind `#`: list, sign-up and the sign-up's token
 * (derived from the server's link key, the same the visitor got when signing up with an address).
 */
export function privateSignupFragment(keys: AuthKeys, listId: string, signupId: string): string {
  return `${listId}.${signupId}.${signupTokenFor(keys, signupId)}`;
}

export function createSignupMailSources(keys: AuthKeys): MailSources {
  return {
    [SignupAdded.type]: async (event, context) => {
      const data = SignupAdded.schema.parse(event.data);
      // Only a visitor's own address; null: erased (cancelled) or none given.
      if (data.by !== 'anonymous' || !data.email) return null;
      const project = await projectOf(data.projectId, context);
      const item = project?.items.find((i) => i.itemId === data.itemId);
      const list = project?.lists.find((l) => l.listId === data.listId);
      if (!project || !item || !list) return null;
      const language = data.language ?? 'de';
      return {
        template: 'signup-confirmation', to: data.email, toName: data.name, language,
        params: {
          projectName: project.name, itemName: item.name, status: data.status, when: whenOf(item, language), calendar: item.date ? 'yes' : 'no',
        },
        linkPath: `/${project.link}/signup`,
        linkFragment: privateSignupFragment(keys, data.listId, data.signupId),
        ...(item.date ? {
          calendar: {
            uid: `signup-${data.signupId}@planwerk`, date: item.date, from: item.time?.from ?? null, to: item.time?.to ?? null,
            summary: `${item.name} – ${project.name}`,
            description: [list.name !== item.name ? list.name : '', item.description].filter((part) => part.trim() !== '').join('\n\n'),
            // The project's place, where the project has one (settings.place).
            location: placeOf(project), stampedAt: data.at,
          },
        } : {}),
      };
    },
    [SignupPromoted.type]: async (event, context) => {
      const data = SignupPromoted.schema.parse(event.data);
      // A visitor who left an address hears it too (in the sign-up's language); others see it on the page.
      const [recipient, project] = await Promise.all([
        data.userId !== null ? accountAddressOf(data.userId, context) : visitorOf(data.listId, data.signupId, context), projectOf(data.projectId, context),
      ]);
      const item = project?.items.find((i) => i.itemId === data.itemId);
      if (!recipient || !project || !item) return null;
      return {
        template: 'signup-promoted', to: recipient.email, toName: recipient.firstName, language: recipient.language,
        params: { projectName: project.name, itemName: item.name }, linkPath: `/${project.link}`,
      };
    },
    [ListMemberNotified.type]: async (event, context) => {
      const data = ListMemberNotified.schema.parse(event.data);
      // The sender's key was erased (crypto-shredding): their words are gone, no mail is sent.
      if (data.subject === null || data.text === null) return null;
      const [recipient, project] = await Promise.all([accountAddressOf(data.userId, context), projectOf(data.projectId, context)]);
      const list = project?.lists.find((l) => l.listId === data.listId);
      if (!recipient || !project || !list) return null;
      return {
        template: 'list-notify', to: recipient.email, toName: recipient.firstName, language: recipient.language,
        params: { projectName: project.name, listName: list.name, subject: data.subject, text: data.text }, linkPath: `/${project.link}`,
      };
    },
  };
}
