import {
  AccountRegistered,
  SocialAccountRegistered,
  SupportRequested,
  type MailSourceContext,
  type MailSources,
} from '@planwerk/events';

// SupportRequested → the mail to the operator's support address (SUPPORT_MAIL): the team (name
// and its page), the person who wrote (name and address, from the first events of their account
// stream, decrypted by the store), their subject and message; Reply-To is their address, so the
// operator's answer goes to them. In the operator's language, German. A requester who is erased
// by the time the job runs gets no mail sent on their behalf (their texts read null then).

interface Requester {
  email: string;
  name: string;
}

async function requesterOf(userId: string, context: MailSourceContext): Promise<Requester | null> {
  const slice = await context.store.readStream(`account-${userId}`, { maxCount: 10 });
  for (const event of slice.events) {
    const schema = event.type === AccountRegistered.type ? AccountRegistered.schema : event.type === SocialAccountRegistered.type ? SocialAccountRegistered.schema : null;
    if (!schema) continue;
    const parsed = schema.safeParse(event.data);
    if (!parsed.success || typeof parsed.data.email !== 'string') return null;
    const name = [parsed.data.firstName, parsed.data.lastName].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ');
    return { email: parsed.data.email, name: name || parsed.data.email };
  }
  return null;
}

async function teamOf(teamId: string, context: MailSourceContext): Promise<{ name: string; link: string } | null> {
  const slice = await context.store.readStream(`team-${teamId}`);
  let name: string | null = null;
  let link: string | null = null;
  for (const recorded of slice.events) {
    const data = recorded.data as { name?: unknown; link?: unknown };
    if ((recorded.type === 'TeamCreated' || recorded.type === 'TeamSettingsChanged') && typeof data.name === 'string') name = data.name;
    if ((recorded.type === 'TeamCreated' || recorded.type === 'TeamLinkReserved' || recorded.type === 'TeamSettingsChanged') && typeof data.link === 'string') link = data.link;
  }
  return name !== null && link !== null ? { name, link } : null;
}

/** `supportAddress`: where requests go (SUPPORT_MAIL or its default, see supportMailTo). */
export function createSupportMailSources(options: { supportAddress: string }): MailSources {
  return {
    [SupportRequested.type]: async (event, context) => {
      const data = SupportRequested.schema.parse(event.data);
      const actor = event.metadata.actor;
      if (data.subject === null || data.message === null || actor.kind !== 'user') return null;
      const [requester, team] = await Promise.all([requesterOf(actor.id, context), teamOf(data.teamId, context)]);
      if (!requester || !team) return null;
      return {
        template: 'support-request', to: options.supportAddress, replyTo: requester.email, language: 'de',
        params: { teamName: team.name, personName: requester.name, personEmail: requester.email, subject: data.subject, message: data.message },
        linkPath: `/team/${encodeURIComponent(team.link)}`,
      };
    },
  };
}
