import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { TextField } from '../../shared/form';
import { onboardingMessages as messages } from './onboarding.messages';

// An invitation arrives as a link (mail or message of the team): /account/invite/{data} for an
// invite link, /invite/{inviteId} for a personal invitation. Pasted here, it opens in the console.
const INVITATION_PATH = /^\/(account\/invite|invite)\/[^/?#]+$/;

export function invitationPathOf(pasted: string): string | null {
  const text = pasted.trim();
  if (text === '') return null;
  try {
    const url = new URL(text, window.location.origin);
    return INVITATION_PATH.test(url.pathname) ? url.pathname : null;
  } catch {
    return null;
  }
}

export function JoinTeamForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [link, setLink] = useState('');
  const [bad, setBad] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const path = invitationPathOf(link);
    setBad(path === null);
    if (path !== null) void navigate(path);
  }

  return (
    <form className="form join-team" onSubmit={submit} aria-label={intl.formatMessage(messages.joinTeam)}>
      <TextField
        label={intl.formatMessage(messages.joinLabel)} value={link} onValueChange={setLink} inputMode="url" required
        hint={intl.formatMessage(messages.joinHint)} problem={bad ? intl.formatMessage(messages.joinBad) : null}
      />
      <button type="submit" className="button">{intl.formatMessage(messages.joinSubmit)}</button>
    </form>
  );
}
