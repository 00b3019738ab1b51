import type { ProjectInvitationOpenedEvent, ProjectInvitationSignedUpEvent, ProjectInviteEvent } from '@planwerk/events';

// What became of an invitation (issue 14): the visitor's page reports that the mail's link was
// opened and that a sign-up followed. Only the first report of each kind is recorded, and only
// in order: an unknown invitation records nothing, a sign-up needs the opening before it and
// must be a sign-up of the invitation's project made at or after the opening. Nothing here is
// an error: the anonymous caller gets the same answer whatever was recorded.

export interface InvitationResponse {
  /** When the link was first opened; null before. */
  openedAt: string | null;
  signedUp: boolean;
}

/** The invitations of one project's `project-invites-<projectId>` stream, by id. */
export type InvitationResponses = ReadonlyMap<string, InvitationResponse>;

export function evolveInvitationResponses(state: InvitationResponses, event: ProjectInviteEvent): InvitationResponses {
  const next = new Map(state);
  const known = state.get(event.data.invitationId);
  switch (event.type) {
    case 'ProjectInvitationSent':
      if (!known) next.set(event.data.invitationId, { openedAt: null, signedUp: false });
      return next;
    case 'ProjectInvitationOpened':
      if (known && known.openedAt === null) next.set(event.data.invitationId, { ...known, openedAt: event.data.at });
      return next;
    case 'ProjectInvitationSignedUp':
      if (known) next.set(event.data.invitationId, { ...known, signedUp: true });
      return next;
    default:
      return state;
  }
}

/** The sign-up a `signedUp` report names, as the list's stream knows it; null when it has none. */
export interface ReportedSignup {
  projectId: string;
  at: string;
}

export type ReportInvitation =
  | { type: 'ReportInvitationOpened'; projectId: string; invitationId: string; at: string }
  | { type: 'ReportInvitationSignedUp'; projectId: string; invitationId: string; listId: string; signupId: string; signup: ReportedSignup | null; at: string };

export function decideReportInvitation(command: ReportInvitation, state: InvitationResponses): Array<ProjectInvitationOpenedEvent | ProjectInvitationSignedUpEvent> {
  const invitation = state.get(command.invitationId);
  if (!invitation) return [];
  const { projectId, invitationId, at } = command;
  if (command.type === 'ReportInvitationOpened') {
    return invitation.openedAt === null ? [{ type: 'ProjectInvitationOpened', data: { projectId, invitationId, at } }] : [];
  }
  if (invitation.signedUp || invitation.openedAt === null) return [];
  const { signup } = command;
  if (signup === null || signup.projectId !== projectId || Date.parse(signup.at) < Date.parse(invitation.openedAt)) return [];
  return [{ type: 'ProjectInvitationSignedUp', data: { projectId, invitationId, listId: command.listId, signupId: command.signupId, at } }];
}
