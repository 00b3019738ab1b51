import { DomainError, PROJECT_STATUS, type ExistingProject, type ProjectInvitationSentEvent } from '@planwerk/events';

// "Invite" of the project context menu (spec section 2): one ProjectInvitationSent per address,
// each turned into a `project-invite` mail by the mail reactor. A project in the trash or a
// preset invites nobody. The invitation ids and the time come in on the command.

export interface InviteToProject {
  type: 'InviteToProject';
  projectId: string;
  /** One per address, in the order given, each with its invitation id. */
  invitations: ReadonlyArray<{ email: string; invitationId: string }>;
  message: string | null;
  invitedBy: string;
  at: string;
}

export class ProjectInTrashTakesNoInvitations extends DomainError {
  constructor(projectId: string) {
    super('project_in_trash', { details: { projectId } });
    this.name = 'ProjectInTrashTakesNoInvitations';
  }
}

export class PresetsTakeNoInvitations extends DomainError {
  constructor(projectId: string) {
    super('project_invite_preset', { details: { projectId } });
    this.name = 'PresetsTakeNoInvitations';
  }
}

export function decideInviteToProject(command: InviteToProject, project: Pick<ExistingProject, 'status'>): ProjectInvitationSentEvent[] {
  if (project.status === PROJECT_STATUS.deleted) throw new ProjectInTrashTakesNoInvitations(command.projectId);
  if (project.status === PROJECT_STATUS.template) throw new PresetsTakeNoInvitations(command.projectId);
  const { projectId, message, invitedBy, at } = command;
  return command.invitations.map(({ email, invitationId }) => ({
    type: 'ProjectInvitationSent',
    data: { projectId, invitationId, email, message, invitedBy, at },
  }));
}
