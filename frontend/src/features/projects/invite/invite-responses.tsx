import { useIntl } from 'react-intl';
import { ApiErrorAlert } from '../../../shared/form';
import { Icon, Mail } from '../../../shared/icons';
import { useListProjectInvitationsQuery, type ProjectInvitationView } from './invite.api';
import { inviteMessages as messages } from './invite.messages';

// Who answered the mail invitations (issue 14): how many were invited, opened the link and
// signed up, and each invitation with its state. Addresses of other organisers' invitations
// come masked from the server, erased ones not at all.

function stateOf(invitation: ProjectInvitationView): { label: typeof messages.stateSignedUp; tone: string; at: string | null } {
  if (invitation.signedUpAt !== null) return { label: messages.stateSignedUp, tone: 'signed-up', at: invitation.signedUpAt };
  if (invitation.openedAt !== null) return { label: messages.stateOpened, tone: 'opened', at: invitation.openedAt };
  return { label: messages.stateSent, tone: 'sent', at: null };
}

export function InviteResponses({ teamId, projectId, onInvite }: { teamId: string; projectId: string; onInvite: () => void }) {
  const intl = useIntl();
  // Fresh each time the tab opens, and kept fresh while it is open: answers come in any time.
  const { data, error, isLoading } = useListProjectInvitationsQuery({ teamId, projectId }, { refetchOnMountOrArgChange: true, pollingInterval: 20_000 });
  if (error) return <ApiErrorAlert error={error} />;
  if (isLoading || !data) return <p className="hint" role="status">{intl.formatMessage(messages.responsesLoading)}</p>;
  if (data.invitations.length === 0) {
    return (
      <div className="empty-state invite-responses__empty">
        <p>{intl.formatMessage(messages.responsesEmpty)}</p>
        <button type="button" className="button button--primary" onClick={onInvite}><Icon of={Mail} /> {intl.formatMessage(messages.tabMail)}</button>
      </div>
    );
  }
  const { counts } = data;
  const date = (at: string) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="invite-responses">
      <dl className="invite-responses__counts">
        <div><dt>{intl.formatMessage(messages.countSent)}</dt><dd>{counts.sent}</dd></div>
        <div><dt>{intl.formatMessage(messages.countOpened)}</dt><dd>{counts.opened}</dd></div>
        <div><dt>{intl.formatMessage(messages.countSignedUp)}</dt><dd>{counts.signedUp}</dd></div>
      </dl>
      <ul className="invite-responses__list" aria-label={intl.formatMessage(messages.responsesList)}>
        {data.invitations.map((invitation) => {
          const state = stateOf(invitation);
          return (
            <li key={invitation.invitationId} className="invite-response">
              <span className="invite-response__address">{invitation.email ?? intl.formatMessage(messages.addressErased)}</span>
              <span className={`badge invite-response__state invite-response__state--${state.tone}`}>{intl.formatMessage(state.label)}</span>
              <small className="hint invite-response__meta">
                {intl.formatMessage(invitation.mine ? messages.sentByMe : invitation.invitedBy ? messages.sentBy : messages.sentByUnknown, { name: invitation.invitedBy ?? '', date: date(invitation.sentAt) })}
                {state.at && <> · {intl.formatMessage(state.tone === 'signed-up' ? messages.signedUpAt : messages.openedAt, { date: date(state.at) })}</>}
              </small>
            </li>
          );
        })}
      </ul>
      <p className="hint">{intl.formatMessage(messages.privacyHint)}</p>
    </div>
  );
}
