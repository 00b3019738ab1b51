import {
  AccountRegistered,
  evolveProject,
  initialProjectState,
  isProjectEvent,
  PROJECT_STATUS,
  ProjectInvitationSent,
  projectStreamId,
  SocialAccountRegistered,
  type ExistingProject,
  type MailSourceContext,
  type MailSources,
} from '@planwerk/events';

// The project invitation mail (spec section 2, "invite"): ProjectInvitationSent → `project-invite`
// to the invited address (decrypted by the store; null after erasure → no mail), with a link to
// the project's public view /{prjLink}#invite-<invitationId>. The project's name, link and status are read from its
// stream when the job runs: a project purged, moved to the trash or made a preset meanwhile
// sends nothing. The mail speaks the inviter's language and names them (first and last name of
// their registration); an erased inviter is named by the team instead.

const NAME_MAX = 200;

interface Inviter {
  name: string | null;
  language: string;
}

async function inviterOf(userId: string, context: MailSourceContext): Promise<Inviter> {
  const slice = await context.store.readStream(`account-${userId}`, { maxCount: 10 });
  for (const event of slice.events) {
    const schema = event.type === AccountRegistered.type ? AccountRegistered.schema : event.type === SocialAccountRegistered.type ? SocialAccountRegistered.schema : null;
    if (!schema) continue;
    const parsed = schema.safeParse(event.data);
    if (!parsed.success) break;
    const name = [parsed.data.firstName, parsed.data.lastName].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ').trim();
    return { name: name === '' ? null : name.slice(0, NAME_MAX), language: parsed.data.language };
  }
  return { name: null, language: 'de' };
}

async function teamNameOf(teamId: string, context: MailSourceContext): Promise<string | null> {
  const slice = await context.store.readStream(`team-${teamId}`);
  let teamName: string | null = null;
  for (const recorded of slice.events) {
    const name = (recorded.data as { name?: unknown }).name;
    if ((recorded.type === 'TeamCreated' || recorded.type === 'TeamSettingsChanged') && typeof name === 'string') teamName = name;
  }
  return teamName === null ? null : teamName.slice(0, NAME_MAX);
}

async function projectOf(projectId: string, context: MailSourceContext): Promise<ExistingProject | null> {
  const slice = await context.store.readStream(projectStreamId(projectId));
  let state = initialProjectState();
  for (const event of slice.events) {
    if (isProjectEvent(event)) state = evolveProject(state, event);
  }
  return state.exists ? state : null;
}

/** True for a project one may still be invited to (not in the trash, not a preset). */
export function isInvitable(project: { status: number }): boolean {
  return project.status !== PROJECT_STATUS.deleted && project.status !== PROJECT_STATUS.template;
}

export function createProjectInviteMailSources(): MailSources {
  return {
    [ProjectInvitationSent.type]: async (event, context) => {
      const data = ProjectInvitationSent.schema.parse(event.data);
      const [inviter, project] = await Promise.all([inviterOf(data.invitedBy, context), projectOf(data.projectId, context)]);
      if (!project || !isInvitable(project)) return null;
      const inviterName = inviter.name ?? (await teamNameOf(project.teamId, context));
      if (inviterName === null) return null;
      return {
        template: 'project-invite', to: data.email, language: inviter.language,
        params: { inviterName, projectName: project.name, ...(data.message !== null ? { message: data.message } : {}) },
        // The invitation id rides behind `#`: the visitor's page reports the opening with it,
        // and no server log or Referer carries it.
        linkPath: `/${project.link}`, linkFragment: `invite-${data.invitationId}`,
      };
    },
  };
}
