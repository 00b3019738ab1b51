import type { ProjectInvitationRow } from '@planwerk/projector';
import { invitationsAnswer, maskAddress } from './project-invitations';

const me = '3ebd4f85-9c3b-4f8b-8a4d-5e6f708192a3';
const colleague = '4fce5096-ad4c-4a9c-9b5e-6f708192a3b4';
const row = (n: number, invitedBy: string | null, opened: boolean, signed: boolean): ProjectInvitationRow => ({
  invitationId: `0a0a0a0a-0000-4000-8000-00000000000${n}`, projectId: 'p', teamId: 't', invitedBy,
  sentAt: '2026-03-01T09:00:00.000Z', openedAt: opened ? '2026-03-02T09:00:00.000Z' : null, signedUpAt: signed ? '2026-03-02T09:05:00.000Z' : null,
});

describe('the invitation overview', () => {
  it('masks an address to the first letter and the domain', () => {
    expect(maskAddress('anna@example.org')).toBe('a•••@example.org');
    expect(maskAddress('x@y.de')).toBe('x•••@y.de');
    expect(maskAddress('kaputt')).toBe('•••');
  });

  it('shows the inviter their own addresses in full and the others masked, erased ones as null, and counts', () => {
    const rows = [row(1, me, true, true), row(2, colleague, true, false), row(3, me, false, false), row(4, null, false, false)];
    const addresses = new Map<string, string | null>([
      [rows[0]!.invitationId, 'anna@example.org'], [rows[1]!.invitationId, 'ben@example.org'], [rows[2]!.invitationId, null], [rows[3]!.invitationId, 'dora@example.org'],
    ]);
    const names = new Map<string, string | null>([[me, 'Lea Muster'], [colleague, null]]);
    const answer = invitationsAnswer(rows, addresses, names, me);
    expect(answer.invitations.map((i) => [i.email, i.mine, i.invitedBy])).toEqual([
      ['anna@example.org', true, 'Lea Muster'],
      ['b•••@example.org', false, null],
      [null, true, 'Lea Muster'],
      ['d•••@example.org', false, null],
    ]);
    expect(answer.counts).toEqual({ sent: 4, opened: 2, signedUp: 1 });
  });
});
