import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { PROJECT_INVITE_EMAILS_MAX, PROJECT_INVITE_MESSAGE_MAX } from './project-invite.events';

// "Invite" of the project context menu (spec section 2): mail a link to the project's public
// view /{prjLink} to up to 50 addresses. A management route (manage_prj); the project must
// belong to the team and be neither in the trash nor a preset.

const withoutNul = (value: string): boolean => !value.includes('\u0000');

/** Addresses are trimmed, lower-cased and deduplicated (first occurrence wins). */
export const inviteToProjectBody = z.object({
  emails: z
    .array(z.string().trim().toLowerCase().email().max(254))
    .min(1)
    .max(PROJECT_INVITE_EMAILS_MAX)
    .transform((emails) => [...new Set(emails)]),
  message: z
    .string()
    .max(PROJECT_INVITE_MESSAGE_MAX)
    .refine(withoutNul, 'must not contain NUL characters')
    .transform((value) => value.trim())
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value)),
}).strict();
export type InviteToProjectBody = z.infer<typeof inviteToProjectBody>;

export const inviteToProjectEndpoint = defineEndpoint({
  operationId: 'inviteToProject', method: 'POST', path: '/v5/team/{teamId}/project/{projectId}/invite', service: 'command', tag: 'projects',
  summary: 'Invite up to 50 addresses by mail to the project (link to /{prjLink}); manage_prj; not for projects in the trash or presets',
  body: inviteToProjectBody,
  successStatus: 202,
  response: z.object({ projectId: z.uuid(), invitationIds: z.array(z.uuid()), invited: z.number().int().nonnegative(), checkpoint: z.string() }),
});

// The visitor's page reports what became of an invitation (issue 14): `opened` when the page is
// opened through the mail's link (/{prjLink}?invite=<invitationId>), `signedUp` after a sign-up
// made on it. Anonymous; the answer is the same whether anything was recorded or not (an unknown
// invitation, a repeated report, a sign-up that is not the project's or came before the opening,
// or a client over its limit), so it tells nothing about invitations or people.
export const reportInvitationBody = z.discriminatedUnion('step', [
  z.object({ step: z.literal('opened') }).strict(),
  z.object({ step: z.literal('signedUp'), listId: z.uuid(), signupId: z.uuid() }).strict(),
]);
export type ReportInvitationBody = z.infer<typeof reportInvitationBody>;

export const reportInvitationEndpoint = defineEndpoint({
  operationId: 'reportInvitation', method: 'POST', path: '/v5/project/{projectId}/invitation/{invitationId}/report', service: 'command', tag: 'projects',
  summary: 'The visitor\'s page reports that an invitation was opened or led to a sign-up; anonymous, idempotent, rate-limited, answers 202 either way',
  body: reportInvitationBody,
  successStatus: 202,
  response: z.object({ accepted: z.literal(true) }),
});

export const projectInvitationsQuery = z.object({
  minCheckpoint: z.string().min(1).max(200).optional(),
});
export type ProjectInvitationsQuery = z.infer<typeof projectInvitationsQuery>;

/** One invitation as the overview shows it. */
export const projectInvitationViewSchema = z.object({
  invitationId: z.uuid(),
  /**
   * The invited address: in full to the person who invited it, masked ("a•••@example.org") to
   * the other organisers, null once the invitation's key is erased.
   */
  email: z.string().nullable(),
  /** True when the caller sent this invitation. */
  mine: z.boolean(),
  /** The inviter's name; null when erased or unknown. */
  invitedBy: z.string().nullable(),
  sentAt: z.iso.datetime({ offset: true }),
  openedAt: z.iso.datetime({ offset: true }).nullable(),
  signedUpAt: z.iso.datetime({ offset: true }).nullable(),
});

export const listProjectInvitationsEndpoint = defineEndpoint({
  operationId: 'listProjectInvitations', method: 'GET', path: '/v5/team/{teamId}/project/{projectId}/invitations', service: 'query', tag: 'projects',
  summary: 'The response overview of the project\'s mail invitations: who was invited, who opened the link, who signed up (manage_prj), newest first',
  query: projectInvitationsQuery,
  response: z.object({
    invitations: z.array(projectInvitationViewSchema),
    counts: z.object({ sent: z.number().int().nonnegative(), opened: z.number().int().nonnegative(), signedUp: z.number().int().nonnegative() }),
  }),
});

export const projectInviteEndpoints = [inviteToProjectEndpoint, reportInvitationEndpoint, listProjectInvitationsEndpoint] as const;
