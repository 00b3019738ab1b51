import {
  SupportRequested,
  type MailSourceContext,
  type MailSources,
} from '@planwerk/events';
import { accountAddressOf } from '../shared/people/account-address';

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
  const account = await accountAddressOf(userId, context);
  if (account === null) return null;
  const name = [account.firstName, account.lastName].filter((part): part is string => part !== null && part.trim() !== '').join(' ');
  return { email: account.email, name: name || account.email };
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
