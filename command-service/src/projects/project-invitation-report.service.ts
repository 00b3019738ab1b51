import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ProjectInvitationOpened,
  ProjectInvitationSignedUp,
  projectInviteEvents,
  projectInvitesStreamId,
  signupsStreamId,
  WrongExpectedVersion,
  type EventStore,
  type ProjectInviteEvent,
  type RecordedEvent,
  type ReportInvitationBody,
} from '@planwerk/events';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import {
  decideReportInvitation,
  evolveInvitationResponses,
  type InvitationResponses,
  type ReportedSignup,
  type ReportInvitation,
} from './decide/project-invite-report.decider';

// The visitor's page reports what became of an invitation (issue 14, see the decider). The
// reports are anonymous and answer the same whatever is recorded; each client address may send
// REPORTS_ALLOWED of them per window, later ones are dropped unread (the log cannot be flooded,
// the store not read in a loop). The events carry no personal data and the system as actor:
// a signed-in visitor's account is not tied to the invited address in the activity log.

export const REPORTS_ALLOWED = 30;
export const REPORT_WINDOW_MS = 15 * 60_000;
const REPORT_ACTOR = { kind: 'system', id: 'invitation-report' } as const;
const INVITE_TYPES: ReadonlySet<string> = new Set(projectInviteEvents.map((event) => event.type));

const DDL = `CREATE TABLE IF NOT EXISTS invitation_report_attempts (
  scope text PRIMARY KEY,
  attempts integer NOT NULL,
  window_started_at timestamptz NOT NULL
)`;

export interface InvitationReport {
  projectId: string;
  invitationId: string;
  body: ReportInvitationBody;
  /** The real client address (trusted proxies only); null when unknown. */
  clientIp: string | null;
}

@Injectable()
export class ProjectInvitationReportService {
  private migrated = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async report(report: InvitationReport, metadata: CommandMetadata, ids: IdSource, now: Date): Promise<{ accepted: true }> {
    if (!(await this.withinLimit(report.clientIp, now))) return { accepted: true };
    const streamId = projectInvitesStreamId(report.projectId);
    const signup = report.body.step === 'signedUp' ? await this.signupOf(report.body.listId, report.body.signupId) : null;
    // Two reports at once: the second decides again on the stream the first left.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const slice = await this.store.readStream(streamId);
      const state = slice.events.filter((event) => INVITE_TYPES.has(event.type)).map(asInviteEvent).reduce<InvitationResponses>(evolveInvitationResponses, new Map());
      const at = now.toISOString();
      const command: ReportInvitation = report.body.step === 'opened'
        ? { type: 'ReportInvitationOpened', projectId: report.projectId, invitationId: report.invitationId, at }
        : { type: 'ReportInvitationSignedUp', projectId: report.projectId, invitationId: report.invitationId, listId: report.body.listId, signupId: report.body.signupId, signup, at };
      const events = decideReportInvitation(command, state);
      const event = events[0];
      if (!event) return { accepted: true };
      const teamId = teamOf(slice.events, report.invitationId);
      const schemaVersion = event.type === 'ProjectInvitationOpened' ? ProjectInvitationOpened.schemaVersion : ProjectInvitationSignedUp.schemaVersion;
      try {
        await this.store.append(streamId, [{
          eventId: ids.next(`event:${streamId}:${event.type}:${report.invitationId}`),
          type: event.type,
          data: event.data,
          metadata: { commandId: metadata.commandId, correlationId: metadata.correlationId, causationId: metadata.causationId, actor: REPORT_ACTOR, teamId, schemaVersion },
        }], { expectedVersion: slice.version });
        return { accepted: true };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion)) throw error;
      }
    }
    return { accepted: true };
  }

  /** The project and time of a sign-up as its list's stream has it; null when it has none. */
  private async signupOf(listId: string, signupId: string): Promise<ReportedSignup | null> {
    const slice = await this.store.readStream(signupsStreamId(listId));
    for (const event of slice.events) {
      const data = event.data as { signupId?: unknown; projectId?: unknown; at?: unknown };
      if (event.type === 'SignUpAdded' && data.signupId === signupId && typeof data.projectId === 'string' && typeof data.at === 'string') {
        return { projectId: data.projectId, at: data.at };
      }
    }
    return null;
  }

  /** Takes one report's slot of this client; false over the limit. */
  private async withinLimit(clientIp: string | null, now: Date): Promise<boolean> {
    if (!this.migrated) {
      await this.pool.query(DDL);
      this.migrated = true;
    }
    const scope = createHash('sha256').update(`invitation-report\n${clientIp ?? 'unknown'}`).digest('base64url');
    const { rows } = await this.pool.query<{ attempts: number }>(
      `INSERT INTO invitation_report_attempts AS a (scope, attempts, window_started_at) VALUES ($1, 1, $2)
       ON CONFLICT (scope) DO UPDATE SET
         attempts = CASE WHEN a.window_started_at <= $3 THEN 1 ELSE a.attempts + 1 END,
         window_started_at = CASE WHEN a.window_started_at <= $3 THEN $2 ELSE a.window_started_at END
       RETURNING attempts`,
      [scope, now, new Date(now.getTime() - REPORT_WINDOW_MS)]);
    return (rows[0]?.attempts ?? 1) <= REPORTS_ALLOWED;
  }
}

const asInviteEvent = (event: RecordedEvent): ProjectInviteEvent => ({ type: event.type, data: event.data } as ProjectInviteEvent);

/** The team the invitation was sent for (its sending event's metadata). */
function teamOf(events: readonly RecordedEvent[], invitationId: string): string | null {
  const sent = events.find((event) => event.type === 'ProjectInvitationSent' && (event.data as { invitationId?: unknown }).invitationId === invitationId);
  return sent?.metadata.teamId ?? null;
}
