import { z } from 'zod';
import { defineEvent, unchangedData, type EventDataOf } from '../catalogue/event-definition';

// Invitations to a project by mail (spec section 2, project context menu "invite"): one event
// per invited address on `project-invites-<projectId>`, each turned into a `project-invite`
// mail by the mail reactor (the job id is the event id). The address is personal data,
// encrypted with metadata.personId = `project-invite-<invitationId>` (its own key, so one
// address can be erased alone) and never shown in the activity log. The message is the
// inviter's words to everyone invited in one go, like a list notice: since version 2 it is
// encrypted with the inviter's key (metadata.authorPersonId = invitedBy), null once erased.

export const PROJECT_INVITE_EMAILS_MAX = 50;
export const PROJECT_INVITE_MESSAGE_MAX = 500;

const invitation = (id: string) => ({ kind: 'project-invitation', id });

export const ProjectInvitationSent = defineEvent({
  type: 'ProjectInvitationSent',
  feature: 'projects',
  schemaVersion: 2,
  personalFields: ['email'],
  authoredFields: ['message'],
  upcasters: { 1: unchangedData },
  schema: z.object({
    projectId: z.uuid(),
    invitationId: z.uuid(),
    /** Lower-cased; null once the invitation's key is erased. */
    email: z.string().nullable(),
    message: z.string().max(PROJECT_INVITE_MESSAGE_MAX).nullable(),
    invitedBy: z.uuid(),
    at: z.iso.datetime({ offset: true }),
  }),
  describe: (d) => ({
    object: invitation(d.invitationId), projectId: d.projectId, listId: null, action: 'projects.invitationSent',
    fields: { invitedBy: d.invitedBy, withMessage: d.message !== null },
  }),
});

// The response to an invitation (issue 14): the mail's link carries the invitation id
// (/{prjLink}?invite=<invitationId>); the visitor's page reports once that it was opened, and
// once that a sign-up followed. Both are anonymous reports and hold no personal data (no
// address, no name, no client address): the organisers see who of their invitees opened and
// signed up through the invitation's own row. The first report of each kind counts; later
// ones are not recorded.
export const ProjectInvitationOpened = defineEvent({
  type: 'ProjectInvitationOpened',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({
    projectId: z.uuid(),
    invitationId: z.uuid(),
    at: z.iso.datetime({ offset: true }),
  }),
  describe: (d) => ({
    object: invitation(d.invitationId), projectId: d.projectId, listId: null, action: 'projects.invitationOpened', fields: {},
  }),
});

export const ProjectInvitationSignedUp = defineEvent({
  type: 'ProjectInvitationSignedUp',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({
    projectId: z.uuid(),
    invitationId: z.uuid(),
    listId: z.uuid(),
    signupId: z.uuid(),
    at: z.iso.datetime({ offset: true }),
  }),
  describe: (d) => ({
    object: invitation(d.invitationId), projectId: d.projectId, listId: d.listId, action: 'projects.invitationSignedUp', fields: {},
  }),
});

export const projectInviteEvents = [ProjectInvitationSent, ProjectInvitationOpened, ProjectInvitationSignedUp] as const;

export type ProjectInvitationOpenedEvent = { type: typeof ProjectInvitationOpened.type; data: EventDataOf<typeof ProjectInvitationOpened> };
export type ProjectInvitationSignedUpEvent = { type: typeof ProjectInvitationSignedUp.type; data: EventDataOf<typeof ProjectInvitationSignedUp> };
export type ProjectInviteEvent = ProjectInvitationSentEvent | ProjectInvitationOpenedEvent | ProjectInvitationSignedUpEvent;

export type ProjectInvitationSentEvent = { type: typeof ProjectInvitationSent.type; data: EventDataOf<typeof ProjectInvitationSent> };

export const projectInvitesStreamId = (projectId: string): string => `project-invites-${projectId}`;
/** The person whose key encrypts an invited address. */
export const projectInvitePersonId = (invitationId: string): string => `project-invite-${invitationId}`;
