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

export const projectInviteEndpoints = [inviteToProjectEndpoint] as const;
