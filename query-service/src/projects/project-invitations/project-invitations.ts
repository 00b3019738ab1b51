import { ProjectInvitationSent, projectInvitesStreamId, type EventStore, type ResponseOf, type listProjectInvitationsEndpoint } from '@planwerk/events';
import type { ProjectInvitationRow } from '@planwerk/projector';

// The response overview of a project's mail invitations (issue 14). Privacy (spec section 6,
// security-and-reliability "Data"): the overview is a management read (manage_prj), but an
// invited address is the invitee's personal data, handed over by the one organiser who typed
// it, not project content. So the inviter sees their own invitations' addresses in full (they
// know them already and may need to resend), every other organiser sees them masked
// ("a•••@example.org": enough to tell two apart, not enough to collect them), and nobody sees
// an address whose invitation key was erased. The read model holds no address (ADR 0007); it is
// read through the store, which decrypts it, only while answering.

export type InvitationsAnswer = ResponseOf<typeof listProjectInvitationsEndpoint>;

/** "anna@example.org" → "a•••@example.org"; anything without an @ is masked whole. */
export function maskAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** The invited addresses of a project by invitation id, as the store decrypts them (null: erased). */
export async function addressesOf(store: Pick<EventStore, 'readStream'>, projectId: string): Promise<Map<string, string | null>> {
  const slice = await store.readStream(projectInvitesStreamId(projectId));
  const addresses = new Map<string, string | null>();
  for (const event of slice.events) {
    if (event.type !== ProjectInvitationSent.type) continue;
    const parsed = ProjectInvitationSent.schema.safeParse(event.data);
    if (parsed.success) addresses.set(parsed.data.invitationId, parsed.data.email);
  }
  return addresses;
}

export function invitationsAnswer(
  rows: readonly ProjectInvitationRow[],
  addresses: ReadonlyMap<string, string | null>,
  names: ReadonlyMap<string, string | null>,
  callerId: string,
): InvitationsAnswer {
  const invitations = rows.map((row) => {
    const mine = row.invitedBy !== null && row.invitedBy.toLowerCase() === callerId.toLowerCase();
    const email = addresses.get(row.invitationId) ?? null;
    return {
      invitationId: row.invitationId,
      email: email === null ? null : mine ? email : maskAddress(email),
      mine,
      invitedBy: row.invitedBy === null ? null : names.get(row.invitedBy) ?? null,
      sentAt: row.sentAt,
      openedAt: row.openedAt,
      signedUpAt: row.signedUpAt,
    };
  });
  return {
    invitations,
    counts: {
      sent: rows.length,
      opened: rows.filter((row) => row.openedAt !== null).length,
      signedUp: rows.filter((row) => row.signedUpAt !== null).length,
    },
  };
}
