import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiErrorAlert } from '../../shared/form';
import { Icon, Lock } from '../../shared/icons';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { useGetTeamDetailsQuery, useListTeamProjectsQuery, useUnlockTeamMutation, type TeamDetails } from './teams.api';
import { blockedMessages } from './team-admin.messages';
import './team-admin.css';

// Spec section 4: "Blocked arises when the prime plan lapsed and more than one active project
// exists; the user unlocks one." The owner chooses the project that keeps its slot.
export function BlockedBanner({ team }: { team: TeamDetails }) {
  const intl = useIntl();
  if (!team.blocked) return null;
  const owner = team.level === 'owner';
  return (
    <section className="alert alert--danger team-blocked" aria-labelledby="team-blocked">
      <h2 id="team-blocked" className="team-blocked__title"><Icon of={Lock} /> {intl.formatMessage(blockedMessages.title)}</h2>
      <p>{intl.formatMessage(owner ? blockedMessages.ownerText : blockedMessages.otherText)}</p>
      {owner && <UnlockForm team={team} />}
    </section>
  );
}

function UnlockForm({ team }: { team: TeamDetails }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data: projects } = useListTeamProjectsQuery({ teamId: team.id, status: '1' });
  const [chosen, setChosen] = useState('');
  const [unlock, { isLoading, error }] = useUnlockTeamMutation();
  const nameOf = (projectId: string) => projects?.find((project) => project.projectId === projectId)?.name ?? intl.formatMessage(blockedMessages.unnamed);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) return;
    const result = await unlock({ teamId: team.id, projectId: chosen });
    if (result.data) dispatch(popupShown({ message: blockedMessages.unlocked, values: { name: nameOf(chosen) }, tone: 'success' }));
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)}>
      <fieldset className="plain-fieldset team-blocked__choice">
        <legend>{intl.formatMessage(blockedMessages.choose)}</legend>
        {team.activeProjects.map((projectId) => (
          <label key={projectId} className="team-blocked__option">
            <input type="radio" name="keep-project" value={projectId} checked={chosen === projectId} onChange={() => setChosen(projectId)} />
            <span>{nameOf(projectId)}</span>
          </label>
        ))}
      </fieldset>
      <ApiErrorAlert error={error} />
      <button type="submit" className="button button--primary" disabled={isLoading || !chosen}>{intl.formatMessage(blockedMessages.submit)}</button>
    </form>
  );
}

/** The banner for pages outside the team layout (the projects of a management route). */
export function TeamBlockedBanner({ link }: { link: string }) {
  const { data: team } = useGetTeamDetailsQuery(link, { skip: link === '' || link === '0' });
  return team ? <BlockedBanner team={team} /> : null;
}
