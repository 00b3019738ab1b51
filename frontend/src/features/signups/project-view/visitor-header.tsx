import { ArrowLeft, CalendarDays, MapPin } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { CommentsButton, commentPath } from '../../comments';
import { StatusBadge, type ProjectView } from '../../projects';
import type { Viewer } from '../signup-dialog';
import { projectViewMessages as messages } from './project-view.messages';

/** Up to two initials of a team name ("Sportverein Ulm" → "SU"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map((word) => [...word][0] ?? '').join('').toUpperCase();
}

/** The team's logo, or its initials when it has none (or the logo does not load). */
function TeamMark({ team }: { team: NonNullable<ProjectView['team']> }) {
  const intl = useIntl();
  const [broken, setBroken] = useState(false);
  if (team.logoUrl && !broken) {
    return <img className="team-mark team-mark--logo" src={team.logoUrl} alt={intl.formatMessage(messages.teamLogo, { team: team.name })} onError={() => setBroken(true)} />;
  }
  return <span className="team-mark" aria-hidden="true">{initialsOf(team.name)}</span>;
}

/**
 * The head of the visitor's page (issue 14): who invites (team logo or initials, team name),
 * the project's name, date, place and description; signed-in people get a way back into the console.
 */
export function VisitorHeader({ view, viewer }: { view: ProjectView; viewer: Viewer }) {
  const intl = useIntl();
  const { project, team } = view;
  return (
    <header className="visitor-head">
      <div className="visitor-head__bar">
        {team && (
          <span className="visitor-head__team">
            <TeamMark team={team} />
            <span className="visitor-head__team-name">{team.name}</span>
          </span>
        )}
        {viewer.signedIn && team && !view.viewer.member && (
          // Signed in but outside the team: apply (the team's id serves as its reference).
          <Link className="visitor-head__console" to={paths.teamApply.href(project.teamId)} state={{ teamName: team.name }}>
            {intl.formatMessage(messages.joinTeam)}
          </Link>
        )}
        {viewer.signedIn && (
          <Link className="visitor-head__console" to={paths.start.href()}>
            <ArrowLeft className="meta-line__icon" aria-hidden="true" focusable="false" />
            {intl.formatMessage(messages.backToConsole)}
          </Link>
        )}
      </div>
      <div className="visitor-head__title">
        <h1>{project.name}</h1>
        {(project.status !== 1 || project.locked) && <StatusBadge status={project.status} locked={project.locked} />}
        {project.comments && viewer.signedIn && (
          <CommentsButton path={commentPath.project(project.projectId)} name={project.name} canModerate={view.viewer.admin} />
        )}
      </div>
      {project.startDate && (
        <p className="meta-line visitor-head__date">
          <CalendarDays className="meta-line__icon" aria-hidden="true" focusable="false" />
          <span className="visually-hidden">{intl.formatMessage(messages.startDate)}: </span>
          <time dateTime={project.startDate}>{intl.formatDate(`${project.startDate}T12:00:00`, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</time>
        </p>
      )}
      {project.place && (
        <p className="meta-line visitor-head__place">
          <MapPin className="meta-line__icon" aria-hidden="true" focusable="false" />
          <span className="visually-hidden">{intl.formatMessage(messages.place)}: </span>
          <span>{project.place}</span>
        </p>
      )}
      {project.description && <p className="visitor-head__description">{project.description}</p>}
      {project.blocked === true && !view.viewer.admin && <p className="visitor-head__notice" role="status">{intl.formatMessage(messages.blocked)}</p>}
    </header>
  );
}
