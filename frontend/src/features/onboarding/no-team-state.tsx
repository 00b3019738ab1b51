import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { EmptyState } from '../../shared/empty-state';
import { Building2 } from '../../shared/icons';
import { JoinTeamForm } from './join-team-form';
import { onboardingMessages as messages } from './onboarding.messages';
import { onboardingPaths } from './onboarding.paths';

/**
 * What the team screens (projects, presets, backups, activity) show a person who has no team
 * yet: why there is nothing, and the two ways on — create a team (the guided start) or join one.
 */
export function NoTeamState() {
  const intl = useIntl();
  const title = intl.formatMessage(messages.noTeamTitle);
  usePageTitle(title);
  const [joining, setJoining] = useState(false);
  return (
    <div className="page">
      <EmptyState icon={Building2} title={title} text={intl.formatMessage(messages.noTeamText, { section: intl.formatMessage(messages.noTeamSection) })}>
        <Link className="button button--primary" to={onboardingPaths.guide.href()}>{intl.formatMessage(messages.createTeam)}</Link>
        <button type="button" className="button" aria-expanded={joining} onClick={() => setJoining((open) => !open)}>{intl.formatMessage(messages.joinTeam)}</button>
      </EmptyState>
      {joining && <JoinTeamForm />}
    </div>
  );
}
