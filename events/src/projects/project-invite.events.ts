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

export const projectInviteEvents = [ProjectInvitationSent] as const;

export type ProjectInvitationSentEvent = { type: typeof ProjectInvitationSent.type; data: EventDataOf<typeof ProjectInvitationSent> };

export const projectInvitesStreamId = (projectId: string): string => `project-invites-${projectId}`;
/** The person whose key encrypts an invited address. */
export const projectInvitePersonId = (invitationId: string): string => `project-invite-${invitationId}`;
