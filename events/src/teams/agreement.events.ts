import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';

// The team's data-processing agreement with the operator of this Planwerk installation
// (spec section 2, /settings/admin/{ccLink} "and its agreement", owner or admin only; GDPR
// Art. 28). Its own stream, `team-agreement-<teamId>`, like the activity retention: accepting
// does not disturb the team's expected version. Who accepted is the event's actor; the event
// carries no personal data, so nothing here needs crypto-shredding.

/**
 * The agreement's current version: its text lives in the console's four languages under this
 * version. A new text gets a new version, and teams accept it again.
 */
export const TEAM_AGREEMENT_VERSION = '2026-11';
export const teamAgreementVersionSchema = z.string().regex(/^\d{4}-\d{2}$/, 'must be a version like 2026-11');

export const teamAgreementStream = (teamId: string): string => `team-agreement-${teamId}`;

export const TeamAgreementAccepted = defineEvent({
  type: 'TeamAgreementAccepted',
  feature: 'teams',
  schemaVersion: 1,
  schema: z.object({ teamId: z.uuid(), version: teamAgreementVersionSchema, acceptedAt: z.iso.datetime({ offset: true }) }),
  describe: (data) => ({
    object: { kind: 'teamAgreement', id: data.teamId }, projectId: null, listId: null,
    action: 'teams.agreementAccepted', fields: { version: data.version },
  }),
});

export const agreementEvents = [TeamAgreementAccepted] as const;

export type TeamAgreementAcceptedEvent = { type: 'TeamAgreementAccepted'; data: EventDataOf<typeof TeamAgreementAccepted> };
