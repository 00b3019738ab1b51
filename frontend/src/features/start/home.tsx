import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { OnboardingGuide, useShowsOnboarding } from '../onboarding';
import { teamLinks, useListUserLinksQuery } from '../teams';
import { HomeProjects } from './home-projects';
import { HomeSignups } from './home-signups';
import { ApplicationsNotice, HomeTeams, managesProjects, managesTeam } from './home-teams';
import { homeMessages, startMessages } from './start.messages';
import './start.css';

// Home after login, below the start page's heading (issue 14): what needs me now — open
// applications of teams I manage, my next sign-ups, what changed in my projects, my teams; with
// no team (and while the person goes through it) the guided start above them.
export function Home({ name }: { name: string }) {
  const intl = useIntl();
  const { data: links } = useListUserLinksQuery();
  const teams = teamLinks(links);
  const managed = teams.filter(managesTeam);
  const projectTeams = teams.filter(managesProjects);
  // After the first login (no team yet) and until the guide is ended: the guided start (issue 14).
  const guided = useShowsOnboarding(links ? teams : null);
  // The guide comes first but does not hide what is already there: someone without a team who
  // signed up through a link still sees their next sign-ups.
  return (
    <>
      <p className="home-lead">{intl.formatMessage(startMessages.greeting, { name })}</p>
      {guided && <OnboardingGuide />}
      {managed.length > 0 && (
        <ul className="home-notices" aria-label={intl.formatMessage(homeMessages.needsYou)}>
          {managed.map((team) => <ApplicationsNotice key={team.id} team={team} />)}
        </ul>
      )}
      <div className="home-grid">
        <HomeSignups />
        {projectTeams.length > 0 && <HomeProjects teams={projectTeams} />}
        {links && <HomeTeams teams={teams} />}
      </div>
      <p className="home-footer">
        <Link to={paths.feedback.href()}>{intl.formatMessage(startMessages.feedback)}</Link>
      </p>
    </>
  );
}
