import type { ProjectInviteEvent } from '@planwerk/events';
import { decideReportInvitation, evolveInvitationResponses, type InvitationResponses, type ReportInvitation } from './project-invite-report.decider';

const projectId = '0b8a1c52-6f0e-4c5e-9d1a-2b3c4d5e6f70';
const otherProject = '1c9b2d63-7a1f-4d6f-8e2b-3c4d5e6f7081';
const invitationId = '4fce5096-ad4c-4a9c-9b5e-6f708192a3b4';
const unknown = '5adf61a7-be5d-4bad-8c6f-708192a3b4c5';
const listId = '6be072b8-cf6e-4cbe-9d70-8192a3b4c5d6';
const signupId = '7cf183c9-d07f-4dcf-8e81-92a3b4c5d6e7';
const inviter = '3ebd4f85-9c3b-4f8b-8a4d-5e6f708192a3';
const sentAt = '2026-03-01T09:00:00.000Z';
const openedAt = '2026-03-02T10:00:00.000Z';
const signedAt = '2026-03-02T10:05:00.000Z';

const sent: ProjectInviteEvent = { type: 'ProjectInvitationSent', data: { projectId, invitationId, email: 'ann@example.org', message: null, invitedBy: inviter, at: sentAt } };
const opened: ProjectInviteEvent = { type: 'ProjectInvitationOpened', data: { projectId, invitationId, at: openedAt } };
const signedUp: ProjectInviteEvent = { type: 'ProjectInvitationSignedUp', data: { projectId, invitationId, listId, signupId, at: signedAt } };

const fold = (...events: ProjectInviteEvent[]): InvitationResponses => events.reduce(evolveInvitationResponses, new Map());
const openReport = (data: Partial<ReportInvitation> = {}): ReportInvitation => ({ type: 'ReportInvitationOpened', projectId, invitationId, at: openedAt, ...data } as ReportInvitation);
const signupReport = (signup: { projectId: string; at: string } | null = { projectId, at: signedAt }): ReportInvitation => ({
  type: 'ReportInvitationSignedUp', projectId, invitationId, listId, signupId, signup, at: signedAt,
});

describe('invitation report decider', () => {
  it('given a sent invitation, when it is opened, then ProjectInvitationOpened', () => {
    expect(decideReportInvitation(openReport(), fold(sent))).toEqual([{ type: 'ProjectInvitationOpened', data: { projectId, invitationId, at: openedAt } }]);
  });

  it('given an opened invitation, when it is opened again, then nothing (the first opening counts)', () => {
    expect(decideReportInvitation(openReport({ at: signedAt }), fold(sent, opened))).toEqual([]);
  });

  it('given no such invitation in the project, when a report comes, then nothing', () => {
    expect(decideReportInvitation(openReport({ invitationId: unknown }), fold(sent))).toEqual([]);
    expect(decideReportInvitation(openReport(), fold())).toEqual([]);
  });

  it('given an opened invitation, when a sign-up of the project made after the opening is reported, then ProjectInvitationSignedUp', () => {
    expect(decideReportInvitation(signupReport(), fold(sent, opened))).toEqual([
      { type: 'ProjectInvitationSignedUp', data: { projectId, invitationId, listId, signupId, at: signedAt } },
    ]);
  });

  it('given an invitation not opened, when a sign-up is reported, then nothing', () => {
    expect(decideReportInvitation(signupReport(), fold(sent))).toEqual([]);
  });

  it('given an opened invitation, when the sign-up is unknown, of another project or older than the opening, then nothing', () => {
    const state = fold(sent, opened);
    expect(decideReportInvitation(signupReport(null), state)).toEqual([]);
    expect(decideReportInvitation(signupReport({ projectId: otherProject, at: signedAt }), state)).toEqual([]);
    expect(decideReportInvitation(signupReport({ projectId, at: '2026-03-02T09:59:59.999Z' }), state)).toEqual([]);
  });

  it('given an invitation that led to a sign-up, when another sign-up is reported, then nothing', () => {
    expect(decideReportInvitation(signupReport(), fold(sent, opened, signedUp))).toEqual([]);
  });

  it('evolve keeps the first opening and ignores reports of unknown invitations', () => {
    const later: ProjectInviteEvent = { type: 'ProjectInvitationOpened', data: { projectId, invitationId, at: signedAt } };
    expect(fold(sent, opened, later).get(invitationId)).toEqual({ openedAt, signedUp: false });
    expect(fold(opened).size).toBe(0);
  });
});
