import {
  AccountRegistered,
  evolveProject,
  initialProjectState,
  isProjectEvent,
  ListMemberNotified,
  projectStreamId,
  SignupPromoted,
  SocialAccountRegistered,
  type ExistingProject,
  type MailSourceContext,
  type MailSources,
} from '@planwerk/events';

// The sign-up mails (ADR 0006). The address, first name and language come from the member's
// registration (first events of `account-<userId>`, decrypted by the store; an erased account
// gives no mail), the project's name and link from its stream at the time the job runs.
// A visitor without an account (or a name an admin entered) has no address: a promoted
// visitor sees the new status on the project page, and a notice reaches members only.

interface Recipient {
  email: string;
  firstName: string | null;
  language: string;
}

async function recipientOf(userId: string, context: MailSourceContext): Promise<Recipient | null> {
  const slice = await context.store.readStream(`account-${userId}`, { maxCount: 10 });
  for (const event of slice.events) {
    const schema = event.type === AccountRegistered.type ? AccountRegistered.schema : event.type === SocialAccountRegistered.type ? SocialAccountRegistered.schema : null;
    if (!schema) continue;
    const parsed = schema.safeParse(event.data);
    if (!parsed.success || typeof parsed.data.email !== 'string') return null;
    return { email: parsed.data.email, firstName: parsed.data.firstName ?? null, language: parsed.data.language };
  }
  return null;
}

async function projectOf(projectId: string, context: MailSourceContext): Promise<ExistingProject | null> {
  const slice = await context.store.readStream(projectStreamId(projectId));
  let state = initialProjectState();
  for (const event of slice.events) {
    if (isProjectEvent(event)) state = evolveProject(state, event);
  }
  return state.exists ? state : null;
}

export function createSignupMailSources(): MailSources {
  return {
    [SignupPromoted.type]: async (event, context) => {
      const data = SignupPromoted.schema.parse(event.data);
      if (data.userId === null) return null;
      const [recipient, project] = await Promise.all([recipientOf(data.userId, context), projectOf(data.projectId, context)]);
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
      const [recipient, project] = await Promise.all([recipientOf(data.userId, context), projectOf(data.projectId, context)]);
      const list = project?.lists.find((l) => l.listId === data.listId);
      if (!recipient || !project || !list) return null;
      return {
        template: 'list-notify', to: recipient.email, toName: recipient.firstName, language: recipient.language,
        params: { projectName: project.name, listName: list.name, subject: data.subject, text: data.text }, linkPath: `/${project.link}`,
      };
    },
  };
}
