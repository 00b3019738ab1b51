import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiErrorAlert, TextField } from '../../shared/form';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { grantableBy } from './members-section';
import {
  useInviteMemberMutation, useListTeamInvitationsQuery, useRevokeInvitationMutation, type GrantableLevel, type TeamDetails,
} from './teams.api';
import { inviteMessages, levelMessages } from './teams.messages';
import { TableScroll } from '../../shared/table-scroll';

// Invitations (ADR 0005): by mail (/invite/{inviteId} in the mail) or as a shareable link
// (/account/invite/{data}); the open ones listed and revocable.
export function InvitesSection({ team }: { team: TeamDetails }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data: invitations, error: listError } = useListTeamInvitationsQuery(team.id);
  const [invite, inviteState] = useInviteMemberMutation();
  const [revoke, revokeState] = useRevokeInvitationMutation();
  const [channel, setChannel] = useState<'mail' | 'link'>('mail');
  const [email, setEmail] = useState('');
  const [level, setLevel] = useState<GrantableLevel>('member');
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShareUrl(null);
    setSentTo(null);
    const body = channel === 'mail' ? { channel, email: email.trim(), level } : { channel, level };
    const result = await invite({ teamId: team.id, body });
    if (!result.data) return;
    if (channel === 'link') setShareUrl(`${window.location.origin}${result.data.path}`);
    else {
      setSentTo(email.trim());
      setEmail('');
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      dispatch(popupShown({ message: inviteMessages.copied, tone: 'success' }));
    } catch {
      dispatch(popupShown({ message: inviteMessages.copyFailed, tone: 'danger' }));
    }
  }

  return (
    <section className="card" aria-labelledby="team-invites">
      <h2 id="team-invites">{intl.formatMessage(inviteMessages.title)}</h2>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <fieldset className="radio-row">
          <legend>{intl.formatMessage(inviteMessages.channel)}</legend>
          {(['mail', 'link'] as const).map((option) => (
            <label key={option}>
              <input type="radio" name="invite-channel" checked={channel === option} onChange={() => setChannel(option)} />
              {intl.formatMessage(option === 'mail' ? inviteMessages.byMail : inviteMessages.byLink)}
            </label>
          ))}
        </fieldset>
        {channel === 'mail' && (
          <TextField label={intl.formatMessage(inviteMessages.mail)} type="email" value={email} onValueChange={setEmail} required autoComplete="off" />
        )}
        <div className="field">
          <label htmlFor="invite-level">{intl.formatMessage(inviteMessages.level)}</label>
          <select id="invite-level" className="input" value={level} onChange={(event) => {
            const chosen = grantableBy(team.level).find((candidate) => candidate === event.target.value);
            if (chosen) setLevel(chosen);
          }}>
            {grantableBy(team.level).map((option) => <option key={option} value={option}>{intl.formatMessage(levelMessages[option])}</option>)}
          </select>
        </div>
        <ApiErrorAlert error={inviteState.error} />
        <button type="submit" className="button button--primary" disabled={inviteState.isLoading}>
          {intl.formatMessage(channel === 'mail' ? inviteMessages.send : inviteMessages.createLink)}
        </button>
      </form>
      {sentTo && <p className="alert alert--success" role="status">{intl.formatMessage(inviteMessages.sent)}</p>}
      {shareUrl && (
        <div className="alert alert--success" role="status">
          <p className="alert__text">{intl.formatMessage(inviteMessages.linkReady)}</p>
          <p className="mono" data-testid="invite-link">{shareUrl}</p>
          <button type="button" className="button" onClick={() => void copy(shareUrl)}>{intl.formatMessage(inviteMessages.copy)}</button>
        </div>
      )}
      <h3>{intl.formatMessage(inviteMessages.open)}</h3>
      <ApiErrorAlert error={listError ?? revokeState.error} />
      {invitations && invitations.length === 0 && <p className="hint">{intl.formatMessage(inviteMessages.none)}</p>}
      {invitations && invitations.length > 0 && (
        <TableScroll label={intl.formatMessage(inviteMessages.open)}>
          <table className="table" aria-label={intl.formatMessage(inviteMessages.open)}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(inviteMessages.channel)}</th>
                <th scope="col">{intl.formatMessage(inviteMessages.level)}</th>
                <th scope="col">{intl.formatMessage(inviteMessages.expires)}</th>
                <th scope="col"><span className="visually-hidden">{intl.formatMessage(inviteMessages.revoke)}</span></th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((invitation) => (
                <tr key={invitation.inviteId}>
                  <td>{intl.formatMessage(invitation.channel === 'mail' ? inviteMessages.byMail : inviteMessages.byLink)}</td>
                  <td>{intl.formatMessage(levelMessages[invitation.level])}</td>
                  <td>{intl.formatDate(invitation.expiresAt, { dateStyle: 'medium', timeStyle: 'short' })}</td>
                  <td>
                    <button type="button" className="button" disabled={revokeState.isLoading}
                      onClick={() => void revoke({ teamId: team.id, inviteId: invitation.inviteId })}>
                      {intl.formatMessage(inviteMessages.revoke)}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
