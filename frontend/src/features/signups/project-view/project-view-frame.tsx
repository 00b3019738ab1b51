import { useIntl } from 'react-intl';
import { NavLink, Outlet } from 'react-router';
import { usePageTitle } from '../../../app/page-title';
import { CommentsButton, commentPath } from '../../comments';
import { projectPaths, type ProjectViewName, ColourDot, StatusBadge, type ProjectView } from '../../projects';
import type { Viewer } from '../signup-dialog';
import { projectViewMessages as messages } from './project-view.messages';
import type { ViewContext } from './view-context';

function viewHref(base: ViewContext['linkBase'], view: ProjectViewName): string {
  if (base.kind === 'embed') return projectPaths.embed.href(base.hash, view);
  return view === 'admin' ? projectPaths.projectViewAdmin.href(base.link) : projectPaths.projectView.href(base.link, view);
}

/** Name, status, description and the tabs of the views; the chosen view renders below. */
export function ProjectViewFrame({ view, viewer, linkBase, embedded = false }: { view: ProjectView; viewer: Viewer; linkBase: ViewContext['linkBase']; embedded?: boolean }) {
  const intl = useIntl();
  usePageTitle(view.project.name);
  const tabs: { view: ProjectViewName; label: typeof messages.info; show: boolean }[] = [
    { view: 'info', label: messages.info, show: true },
    { view: 'task', label: messages.task, show: true },
    { view: 'calendar', label: messages.calendar, show: true },
    { view: 'filter', label: messages.filter, show: true },
    { view: 'admin', label: messages.admin, show: viewer.admin && !embedded },
  ];
  const context: ViewContext = { view, viewer, linkBase };
  return (
    <div className={embedded ? 'page project-view project-view--embed' : 'page project-view'}>
      <header className="page-head">
        <h1><ColourDot colour={view.project.colour} /> {view.project.name}</h1>
        {(view.project.status !== 1 || view.project.locked) && <StatusBadge status={view.project.status} locked={view.project.locked} />}
        {view.project.comments && viewer.signedIn && (
          <CommentsButton path={commentPath.project(view.project.projectId)} name={view.project.name} canModerate={view.viewer.admin} />
        )}
      </header>
      {view.project.description && <p className="project-view__description">{view.project.description}</p>}
      <nav className="tabs" aria-label={intl.formatMessage(messages.views)}>
        {tabs.filter((tab) => tab.show).map((tab) => (
          <NavLink key={tab.view} to={viewHref(linkBase, tab.view)} end={tab.view === 'info'} className="tabs__link">{intl.formatMessage(tab.label)}</NavLink>
        ))}
      </nav>
      <Outlet context={context} />
    </div>
  );
}
