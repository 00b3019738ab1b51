import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { errorCodeOf, isApiError } from '../../app/api-error';
import { ApiErrorAlert, TextField } from '../../shared/form';
import { slugOf } from '../../shared/slug';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { rememberTeam, TEAM_TYPES, useCreateTeamMutation, type TeamType } from './teams.api';
import { createMessages, typeMessages } from './teams.messages';

// Team links: [a-z0-9-], 2–60 characters, starting and ending with a letter or digit (ADR 0005).
const LINK_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

// /team-erstellen (named route team-create): the creator becomes the owner.
export function TeamCreatePage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const title = intl.formatMessage(createMessages.title);
  usePageTitle(title);
  return (
    <div className="page">
      <h1>{title}</h1>
      <p>{intl.formatMessage(createMessages.intro)}</p>
      <TeamCreateForm onCreated={(link) => void navigate(paths.team.href(link))} />
    </div>
  );
}

/** The team creation form; the onboarding's first step uses it too (issue 14). */
export function TeamCreateForm({ onCreated }: { onCreated: (link: string, teamId: string) => void }) {
  const intl = useIntl();
  const title = intl.formatMessage(createMessages.title);
  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  const [linkEdited, setLinkEdited] = useState(false);
  const [type, setType] = useState<TeamType>('club');
  const [badLink, setBadLink] = useState(false);
  const [create, { isLoading, error }] = useCreateTeamMutation();
  const shownLink = linkEdited ? link : slugOf(name);
  const taken = isApiError(error) && error.intern === 'team_link_taken';
  const refusedLink = isApiError(error) && error.intern === 'validation_failed' && error.field === 'link';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = shownLink.trim().toLowerCase();
    const ok = chosen.length >= 2 && LINK_PATTERN.test(chosen);
    setBadLink(!ok);
    if (!ok) return;
    const result = await create({ name: name.trim(), link: chosen, type });
    if (!result.data) return;
    rememberTeam(result.data.link);
    onCreated(result.data.link, result.data.teamId);
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} aria-label={title}>
      <TextField label={intl.formatMessage(createMessages.name)} value={name} onValueChange={setName} required maxLength={100} />
      <TextField
        label={intl.formatMessage(createMessages.link)}
        value={shownLink}
        onValueChange={(value) => {
          setLinkEdited(true);
          setLink(value);
        }}
        required
        maxLength={60}
        hint={intl.formatMessage(createMessages.linkHint)}
        problem={badLink || refusedLink ? intl.formatMessage(createMessages.badLink) : taken ? intl.formatMessage(createMessages.linkTaken) : null}
      />
      <div className="field">
        <label htmlFor="team-type">{intl.formatMessage(createMessages.type)}</label>
        <select id="team-type" className="input" value={type} onChange={(event) => {
          const chosen = TEAM_TYPES.find((candidate) => candidate === event.target.value);
          if (chosen) setType(chosen);
        }}>
          {TEAM_TYPES.map((option) => <option key={option} value={option}>{intl.formatMessage(typeMessages[option])}</option>)}
        </select>
      </div>
      {!taken && !refusedLink && (
        <ApiErrorAlert error={error}>
          {errorCodeOf(error) === 6010 && <Link to={paths.teamSetup.href()}>{intl.formatMessage(createMessages.upgrade)}</Link>}
        </ApiErrorAlert>
      )}
      <button type="submit" className="button button--primary" disabled={isLoading}>{intl.formatMessage(createMessages.submit)}</button>
    </form>
  );
}
