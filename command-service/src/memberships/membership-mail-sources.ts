import { MemberInvited, type MailSources } from '@planwerk/events';

// The invitation mail (ADR 0005, T2): MemberInvited by mail → `team-invitation` with the link
// /invite/{inviteId}. The address comes from the event itself (decrypted by the store; null
// after erasure → no mail), the team's current name from its own stream.
export function createMembershipMailSources(): MailSources {
  return {
    [MemberInvited.type]: async (event, context) => {
      const data = MemberInvited.schema.parse(event.data);
      if (data.channel !== 'mail') return null;
      const team = await context.store.readStream(`team-${data.teamId}`);
      let teamName: string | null = null;
      for (const recorded of team.events) {
        const name = (recorded.data as { name?: unknown }).name;
        if ((recorded.type === 'TeamCreated' || recorded.type === 'TeamSettingsChanged') && typeof name === 'string') teamName = name;
      }
      if (teamName === null) return null;
      return {
        template: 'team-invitation', to: data.email, language: data.language,
        params: { teamName }, linkPath: `/invite/${data.inviteId}`,
      };
    },
  };
}
