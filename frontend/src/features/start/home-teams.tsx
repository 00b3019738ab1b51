import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { useListTeamApplicationsQuery, type LinkEntry } from '../teams';
import { homeMessages as m } from './start.messages';

/** Owner and admin decide applications and see every project (spec section 6). */
export const managesTeam = (team: LinkEntry): boolean => team.access.manage;
/** Who may manage projects: owner and admin, or a space manager given manage_prj. */
export const managesProjects = (team: LinkEntry): boolean => team.access.manage || team.access.access.manage_prj !== undefined;

// A team I manage with open membership applications: who waits and the way to decide.
export function ApplicationsNotice({ team }: { team: LinkEntry }) {
  const intl = useIntl();
  const { data } = useListTeamApplicationsQuery(team.id);
  if (!data || data.length === 0) return null;
  return (
    <li className="home-notice">
      <span>{intl.formatMessage(m.applicationsIn, { count: data.length, team: team.name })}</span>
      <Link className="button button--small button--primary" to={paths.teamUser.href(team.link)}>{intl.formatMessage(m.decide)}</Link>
    </li>
  );
}

// "Meine Teams": each team with my role and a link into it; without a team, why and how to get one.
export function HomeTeams({ teams }: { teams: readonly LinkEntry[] }) {
  const intl = useIntl();
  return (
    <section className="card home-card" aria-labelledby="home-teams">
      <h2 id="home-teams">{intl.formatMessage(teams.length === 0 ? m.noTeamsTitle : m.teams)}</h2>
      {teams.length === 0 ? (
        <>
          <p className="home-empty">{intl.formatMessage(m.noTeams)}</p>
          <Link className="button button--primary" to={paths.teamCreate.href()}>{intl.formatMessage(m.createTeam)}</Link>
        </>
      ) : (
        <ul className="home-list">
          {teams.map((team) => (
            <li key={team.id} className="home-team">
              <div className="home-team__text">
                <Link to={paths.team.href(team.link)} className="home-team__name">{team.name}</Link>
                <span className="home-muted">{intl.formatMessage(m[team.access.level])}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
