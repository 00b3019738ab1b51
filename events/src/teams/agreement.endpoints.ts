import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { teamAgreementVersionSchema } from './agreement.events';

const tag = 'teams';

// POST /v5/team/{teamId}/agreement: the version the person read; only the current one is taken
// (an older text on a stale page answers validation_failed for `version`).
export const acceptTeamAgreementBody = z.object({ version: teamAgreementVersionSchema }).strict();
export type AcceptTeamAgreementBody = z.infer<typeof acceptTeamAgreementBody>;

/** One acceptance: the version, when, and who (`name` null once the person is erased). */
export const teamAgreementAcceptanceSchema = z.object({
  version: z.string(),
  acceptedAt: z.string(),
  acceptedBy: z.object({ userId: z.string(), name: z.string().nullable() }),
});
export type TeamAgreementAcceptance = z.infer<typeof teamAgreementAcceptanceSchema>;

export const teamAgreementSchema = z.object({
  /** The version the console shows and a team accepts now. */
  current: z.string(),
  /** Whether the current version is accepted. */
  accepted: z.boolean(),
  /** Every acceptance, newest first. */
  acceptances: z.array(teamAgreementAcceptanceSchema),
});
export type TeamAgreement = z.infer<typeof teamAgreementSchema>;

/** `minCheckpoint`: the `checkpoint` an acceptance answered, so the answer includes it. */
export const getTeamAgreementQuery = z.object({ minCheckpoint: z.string().min(1).max(200).optional() });
export type GetTeamAgreementQuery = z.infer<typeof getTeamAgreementQuery>;

export const getTeamAgreementEndpoint = defineEndpoint({
  operationId: 'getTeamAgreement', method: 'GET', path: '/v5/team/{teamId}/agreement', service: 'query', tag,
  summary: 'The team\'s data-processing agreement: the current version and who accepted which version when (owner or admin)',
  query: getTeamAgreementQuery,
  response: teamAgreementSchema,
});

export const acceptTeamAgreementEndpoint = defineEndpoint({
  operationId: 'acceptTeamAgreement', method: 'POST', path: '/v5/team/{teamId}/agreement', service: 'command', tag,
  summary: 'Accept the current data-processing agreement for the team; accepting it again changes nothing (owner or admin)',
  body: acceptTeamAgreementBody,
  response: z.object({ teamId: z.uuid(), version: z.string(), changed: z.boolean(), checkpoint: z.string() }),
});

export const agreementEndpoints = [getTeamAgreementEndpoint, acceptTeamAgreementEndpoint] as const;
