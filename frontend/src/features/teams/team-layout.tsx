import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, NavLink, Outlet, useOutletContext, useParams } from 'react-router';
import { ShellLoader } from '../../app/app-shell-loader';
import { ApiErrorAlert } from '../../shared/form';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { ApplyToTeam } from './apply-to-team';
import { BlockedBanner } from './blocked-banner';
import { rememberTeam, useGetTeamDetailsQuery, type TeamDetails } from './teams.api';
import { teamMessages } from './teams.messages';
import { teamAppsTab } from './team-apps.messages';

const MANAGERS = new Set(['owner', 'admin', 'space']);

export function canManage(team: TeamDetails): boolean {
  return MANAGERS.has(team.level);
}

/** The team the layout loaded, for its child pages. */
export function useTeam(): TeamDetails {
  return useOutletContext<TeamDetails>();
}

// /team/{ccLink}: header with logo and name, and the team's sections (spec section 2).
export function TeamLayout() {
  const intl = useIntl();
  const { ccLink = '' } = useParams();
  const { data: team, error, isLoading } = useGetTeamDetailsQuery(ccLink);
  usePageTitle(team?.name ?? '');
  useEffect(() => {
    if (team) rememberTeam(team.link);
  }, [team]);

  if (isLoading) return <ShellLoader />;
  // Outsiders get the answer of an unknown link: they may apply with the link they have.
  if (!team && error && 'status' in error && error.status === 404) return <div className="page"><ApplyToTeam link={ccLink} /></div>;
  if (!team) return <div className="page"><ApiErrorAlert error={error} /></div>;
  const tabs = [
    { to: paths.teamDetails.href(team.link), label: teamMessages.details, show: true },
    { to: paths.teamManage.href(team.link), label: teamMessages.manage, show: canManage(team) },
    { to: paths.teamApps.href(team.link), label: teamAppsTab.tab, show: canManage(team) },
    { to: paths.teamUser.href(team.link), label: teamMessages.users, show: true },
  ];
  return (
    <div className="page">
      <header className="team-header">
        {team.design.logo_url && <img className="team-logo" src={team.design.logo_url} alt={intl.formatMessage(teamMessages.logo)} />}
        <h1>{team.name}</h1>
      </header>
      <nav className="tabs" aria-label={intl.formatMessage(teamMessages.tabs)}>
        {tabs.filter((tab) => tab.show).map((tab) => (
          <NavLink key={tab.to} to={tab.to} className="tabs__link">{intl.formatMessage(tab.label)}</NavLink>
        ))}
      </nav>
      <BlockedBanner team={team} />
      <Outlet context={team} />
    </div>
  );
}

// Owner, admin and space open team management rather than the details (spec section 6).
export function TeamHome() {
  const team = useTeam();
  return <Navigate to={canManage(team) ? paths.teamManage.href(team.link) : paths.teamDetails.href(team.link)} replace />;
}
