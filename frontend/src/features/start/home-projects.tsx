import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useCountProjectChangesQuery } from '../activity';
import { ColourDot, projectPaths, useListProjectsQuery, type ProjectOverviewEntry } from '../projects';
import type { LinkEntry } from '../teams';
import { EmptyState } from '../../shared/empty-state';
import { FolderOpen } from '../../shared/icons';
import { Skeleton } from '../../shared/skeleton';
import { homeMessages as m } from './start.messages';

const SHOWN_PER_TEAM = 6;
// Active (1) and planning (3) projects are the ones people work in; trash (0) and presets (2) are not.
const WORKING = new Set([1, 3]);
const COUNTS_AS_PROJECT = (p: ProjectOverviewEntry) => p.status !== 0 && p.status !== 2;

type ChangeCount = { count: number; capped: boolean };

// One project with the count of what others changed since I last looked (ADR 0007).
function ProjectRow({ team, project, changes }: { team: LinkEntry; project: ProjectOverviewEntry; changes: ChangeCount | undefined }) {
  const intl = useIntl();
  const fresh = changes !== undefined && changes.count > 0;
  let badge = intl.formatMessage(m.nothingNew);
  if (changes?.capped) badge = intl.formatMessage(m.manyChanges);
  else if (fresh) badge = intl.formatMessage(m.changes, { count: changes.count });
  return (
    <li className="home-project">
      <ColourDot colour={project.colour} />
      <Link to={projectPaths.manageProject.href(team.link, project.projectId)} className="home-project__name">{project.name}</Link>
      {changes && <span className={fresh ? 'chip chip--alert' : 'home-muted'}>{badge}</span>}
    </li>
  );
}

// A team's working projects, the last edited first; without any, the way to the first one.
export function TeamProjects({ team, showTeam }: { team: LinkEntry; showTeam: boolean }) {
  const intl = useIntl();
  const { data } = useListProjectsQuery({ teamId: team.id, filter: 'project' });
  if (!data) return <Skeleton shape="list" rows={2} />;
  if (!data.some(COUNTS_AS_PROJECT)) {
    return (
      <EmptyState icon={FolderOpen} title={intl.formatMessage(m.noProjects, { team: team.name })} headingLevel={3} compact>
        <Link className="button button--primary" to={projectPaths.templates.href(team.link)}>{intl.formatMessage(m.fromTemplate)}</Link>
        <Link className="button" to={projectPaths.manageProjects.href(team.link)}>{intl.formatMessage(m.firstProject)}</Link>
      </EmptyState>
    );
  }
  return <WorkingProjects team={team} showTeam={showTeam} projects={data.filter((p) => WORKING.has(p.status)).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, SHOWN_PER_TEAM)} />;
}

// The shown projects with their badges, counted in one call for the team.
function WorkingProjects({ team, showTeam, projects }: { team: LinkEntry; showTeam: boolean; projects: ProjectOverviewEntry[] }) {
  const intl = useIntl();
  const projectIds = projects.map((project) => project.projectId);
  const { data: counts } = useCountProjectChangesQuery({ teamId: team.id, projectIds }, { skip: projectIds.length === 0 });
  const countOf = new Map(counts?.projects.map((entry) => [entry.projectId, entry]));
  return (
    <div className="home-team-projects">
      {showTeam && <h3 className="home-subhead">{team.name}</h3>}
      <ul className="home-list">
        {projects.map((project) => <ProjectRow key={project.projectId} team={team} project={project} changes={countOf.get(project.projectId)} />)}
      </ul>
      <Link className="home-more" to={projectPaths.manageProjects.href(team.link)}>{intl.formatMessage(m.allProjects, { team: team.name })}</Link>
    </div>
  );
}

// "Neu in deinen Projekten": per team I manage projects in, its projects and what changed.
export function HomeProjects({ teams }: { teams: readonly LinkEntry[] }) {
  const intl = useIntl();
  return (
    <section className="card home-card" aria-labelledby="home-projects">
      <h2 id="home-projects">{intl.formatMessage(m.projects)}</h2>
      <p className="home-muted">{intl.formatMessage(m.projectsHint)}</p>
      {teams.map((team) => <TeamProjects key={team.id} team={team} showTeam={teams.length > 1} />)}
    </section>
  );
}
