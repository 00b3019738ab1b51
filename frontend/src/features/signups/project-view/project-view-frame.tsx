import { useIntl } from 'react-intl';
import { NavLink, Outlet } from 'react-router';
import { usePageTitle } from '../../../app/page-title';
import { colourName } from '../../../shared/colour-messages';
import { projectPaths, type ProjectViewName, type ProjectView } from '../../projects';
import type { Viewer } from '../signup-dialog';
import { projectViewMessages as messages } from './project-view.messages';
import { useInvitationTracking } from './invitation-tracking';
import type { ViewContext } from './view-context';
import { VisitorHeader } from './visitor-header';
import './visitor-page.css';

function viewHref(base: ViewContext['linkBase'], view: ProjectViewName): string {
  if (base.kind === 'embed') return projectPaths.embed.href(base.hash, view);
  return view === 'admin' ? projectPaths.projectViewAdmin.href(base.link) : projectPaths.projectView.href(base.link, view);
}

/**
 * The visitor's page (issue 14): mobile first, in the project's colour, with the team's mark,
 * the project's date and description and the tabs of the views; the chosen view renders below.
 */
export function ProjectViewFrame({ view, viewer, linkBase, embedded = false }: { view: ProjectView; viewer: Viewer; linkBase: ViewContext['linkBase']; embedded?: boolean }) {
  const intl = useIntl();
  usePageTitle(view.project.name);
  useInvitationTracking(view);
  const tabs: { view: ProjectViewName; label: typeof messages.info; show: boolean }[] = [
    { view: 'info', label: messages.info, show: true },
    { view: 'task', label: messages.task, show: true },
    { view: 'calendar', label: messages.calendar, show: true },
    { view: 'filter', label: messages.filter, show: true },
    { view: 'admin', label: messages.admin, show: viewer.admin && !embedded },
  ];
  const context: ViewContext = { view, viewer, linkBase };
  const accent = `visitor-page--${colourName(view.project.colour)}`;
  return (
    <div className={embedded ? `page project-view visitor-page visitor-page--embed ${accent}` : `page project-view visitor-page ${accent}`}>
      <VisitorHeader view={view} viewer={viewer} />
      <nav className="visitor-tabs" aria-label={intl.formatMessage(messages.views)}>
        {tabs.filter((tab) => tab.show).map((tab) => (
          <NavLink key={tab.view} to={viewHref(linkBase, tab.view)} end={tab.view === 'info'} className="visitor-tabs__link">{intl.formatMessage(tab.label)}</NavLink>
        ))}
      </nav>
      <Outlet context={context} />
    </div>
  );
}
