import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';

// A team's owner or admin writes to the operator of this Planwerk installation
// (/settings/admin/contact). One stream per request, `support-<requestId>`; the team is in the
// metadata, so the request shows in the team's activity log (without its text). The mail reactor
// turns it into a mail to the operator's support address with the requester as Reply-To.
//
// Subject and message are the requester's own words, personal data of the requester (rule 8):
// encrypted with their key (metadata.personId = the actor's user id), and null once it is erased.

export const SUPPORT_SUBJECT_MIN = 3;
export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 4000;

export const supportSubjectSchema = z.string().trim().min(SUPPORT_SUBJECT_MIN).max(SUPPORT_SUBJECT_MAX);
export const supportMessageSchema = z.string().trim().min(SUPPORT_MESSAGE_MIN).max(SUPPORT_MESSAGE_MAX);

export const supportStream = (requestId: string): string => `support-${requestId}`;

export const SupportRequested = defineEvent({
  type: 'SupportRequested',
  feature: 'support',
  schemaVersion: 1,
  personalFields: ['subject', 'message'],
  schema: z.object({
    requestId: z.uuid(),
    teamId: z.uuid(),
    /** null once the requester's key is erased. */
    subject: supportSubjectSchema.nullable(),
    /** null once the requester's key is erased. */
    message: supportMessageSchema.nullable(),
    /** The requester's console language when they wrote (de, en, fr, it). */
    language: z.string().min(2).max(16),
    requestedAt: z.iso.datetime({ offset: true }),
  }),
  describe: (data) => ({
    object: { kind: 'supportRequest', id: data.requestId }, projectId: null, listId: null,
    action: 'support.requested', fields: {},
  }),
});

export const supportEvents = [SupportRequested] as const;

export type SupportRequestedEvent = { type: 'SupportRequested'; data: EventDataOf<typeof SupportRequested> };
