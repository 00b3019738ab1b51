import { useState } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../app/api-error';
import { ApiErrorAlert } from '../../shared/form';
import { useAppDispatch } from '../../app/hooks';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { popupShown } from '../../app/ui.slice';
import {
  rememberTeam, teamsApi, useAcceptInvitationMutation, useAcceptInviteLinkMutation, useDeclineInvitationMutation, type Joined,
} from './teams.api';
import { connectedMessage, joinMessages } from './teams.messages';

/** After joining: the team's name for "Du wurdest mit {name} verbunden" (spec section 8). */
function useConnected(): [{ name: string; link: string } | null, (joined: Joined) => Promise<void>] {
  const dispatch = useAppDispatch();
  const [connected, setConnected] = useState<{ name: string; link: string } | null>(null);
  async function joined(answer: Joined) {
    const details = await dispatch(teamsApi.endpoints.getTeamDetails.initiate(answer.link, { forceRefetch: true }));
    const name = details.data?.name ?? answer.link;
    rememberTeam(answer.link);
    setConnected({ name, link: answer.link });
    dispatch(popupShown({ message: connectedMessage, values: { name }, tone: 'success' }));
  }
  return [connected, joined];
}

function Connected({ name, link }: { name: string; link: string }) {
  const intl = useIntl();
  return (
    <>
      <p className="alert alert--success" role="status">{intl.formatMessage(connectedMessage, { name })}</p>
      <Link className="button button--primary" to={paths.team.href(link)}>{intl.formatMessage(joinMessages.open)}</Link>
    </>
  );
}

function JoinPage({ title, children }: { title: MessageDescriptor; children: React.ReactNode }) {
  const intl = useIntl();
  const heading = intl.formatMessage(title);
  usePageTitle(heading);
  return (
    <div className="page">
      <h1>{heading}</h1>
      {children}
    </div>
  );
}

const unusable = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500 && error.intern !== 6011;

// /invite/{inviteId}: accept or decline a mail invitation (only the invited address).
export function InvitePage() {
  const intl = useIntl();
  const { inviteId } = useParams();
  const [accept, acceptState] = useAcceptInvitationMutation();
  const [decline, declineState] = useDeclineInvitationMutation();
  const [connected, joined] = useConnected();
  const error = acceptState.error ?? declineState.error;

  if (!inviteId) return <JoinPage title={joinMessages.inviteTitle}><p>{intl.formatMessage(joinMessages.noInvite)}</p></JoinPage>;
  return (
    <JoinPage title={joinMessages.inviteTitle}>
      {connected ? <Connected {...connected} /> : declineState.isSuccess ? (
        <p className="alert alert--info" role="status">{intl.formatMessage(joinMessages.declined)}</p>
      ) : (
        <>
          <p>{intl.formatMessage(joinMessages.inviteIntro)}</p>
          {unusable(error) ? <p className="alert alert--danger" role="alert">{intl.formatMessage(joinMessages.invalid)}</p> : <ApiErrorAlert error={error} />}
          <div className="actions">
            <button type="button" className="button button--primary" disabled={acceptState.isLoading}
              onClick={() => void accept(inviteId).then((result) => (result.data ? joined(result.data) : undefined))}>
              {intl.formatMessage(joinMessages.accept)}
            </button>
            <button type="button" className="button" disabled={declineState.isLoading} onClick={() => void decline(inviteId)}>
              {intl.formatMessage(joinMessages.decline)}
            </button>
          </div>
        </>
      )}
    </JoinPage>
  );
}

// /account/invite/{data}: join through a shareable invite link.
export function InviteLinkPage() {
  const intl = useIntl();
  const { data = '' } = useParams();
  const [accept, acceptState] = useAcceptInviteLinkMutation();
  const [connected, joined] = useConnected();
  return (
    <JoinPage title={joinMessages.linkTitle}>
      {connected ? <Connected {...connected} /> : (
        <>
          <p>{intl.formatMessage(joinMessages.linkIntro)}</p>
          {unusable(acceptState.error) ? <p className="alert alert--danger" role="alert">{intl.formatMessage(joinMessages.invalid)}</p> : <ApiErrorAlert error={acceptState.error} />}
          <button type="button" className="button button--primary" disabled={acceptState.isLoading}
            onClick={() => void accept(data).then((result) => (result.data ? joined(result.data) : undefined))}>
            {intl.formatMessage(joinMessages.join)}
          </button>
        </>
      )}
    </JoinPage>
  );
}
