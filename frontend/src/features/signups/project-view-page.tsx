import { isReservedProjectLink } from '@planwerk/events/constants';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { ShellLoader } from '../../app/app-shell-loader';
import { isApiError } from '../../app/api-error';
import { useAppSelector } from '../../app/hooks';
import { useProjectLive } from '../../app/realtime/use-project-live';
import { NotFoundPage } from '../errors';
import { linkInvalidMessage, ProjectErrorAlert } from '../../shared/project-errors';
import { storedProjectPassword, storeProjectPassword } from './link-cache';
import { CalendarView } from './project-view/calendar-view';
import { FilterView } from './project-view/filter-view';
import { InfoView } from './project-view/info-view';
import { PasswordPrompt } from './project-view/password-prompt';
import { ProjectViewFrame } from './project-view/project-view-frame';
import { TaskView } from './project-view/task-view';
import { useGetProjectEmbedQuery, useGetProjectViewQuery } from './signups.api';

// The module the routes load: the two layouts and the views they show (signups.routes.tsx).
export { AdminView } from './project-view/admin-view';
export { CalendarView, FilterView, InfoView, TaskView };

// A one-segment path is a project link first (spec section 2: /{prjLink}); one that opens no
// project is the 404 of an unknown route, saying why.
function LinkInvalid() {
  const intl = useIntl();
  return <Plain><NotFoundPage detail={intl.formatMessage(linkInvalidMessage)} /></Plain>;
}

/** What the visitor's page shows instead of a project (password, 404, errors), with its margins. */
function Plain({ children }: { children: ReactNode }) {
  return <div className="visitor-page visitor-page--plain">{children}</div>;
}

const PASSWORD_CODES = new Set(['project_password_required', 'project_password_wrong', 'project_password_blocked']);

/**
 * /{prjLink}: the public project view with its views (spec section 2). A route word of the spec
 * (`/pay`, `/meet`, `/task`, …) is never a project link: without a page of its own yet it is the
 * 404 of an unknown route, and no project view is asked for.
 */
export function ProjectViewLayout() {
  const { prjLink = '' } = useParams();
  if (isReservedProjectLink(prjLink)) return <Plain><NotFoundPage /></Plain>;
  return <ProjectView prjLink={prjLink} />;
}

function ProjectView({ prjLink }: { prjLink: string }) {
  const auth = useAppSelector((state) => state.auth.status);
  const [password, setPassword] = useState<string | undefined>(() => storedProjectPassword(prjLink));
  const { data, error, isLoading, isFetching } = useGetProjectViewQuery({ link: prjLink, password, signedIn: auth === 'signedIn' }, { skip: auth === 'restoring' });
  // Live updates instead of polling (spec section 4; ADR 0009), with the password entered.
  useProjectLive(data?.project.projectId, { password });
  if (auth === 'restoring' || isLoading || (isFetching && !data)) return <ShellLoader />;
  const code = isApiError(error) ? String(error.intern) : '';
  if (!data && PASSWORD_CODES.has(code)) {
    return (
      <Plain>
        <PasswordPrompt
          error={code === 'project_password_required' ? null : <ProjectErrorAlert error={error} />}
          onPassword={(value) => {
            storeProjectPassword(prjLink, value);
            setPassword(value);
          }}
        />
      </Plain>
    );
  }
  if (!data) return isApiError(error) && (error.status === 404 || code === 'project_link_invalid') ? <LinkInvalid /> : <Plain><div className="page"><ProjectErrorAlert error={error} /></div></Plain>;
  return <ProjectViewFrame view={data} viewer={{ signedIn: auth === 'signedIn', admin: data.viewer.admin, password }} linkBase={{ kind: 'link', link: data.project.link }} />;
}

/** /embed/project/{hash}/{view}: the same view without the navigation bar. */
export function ProjectEmbedLayout() {
  const { hash = '' } = useParams();
  const auth = useAppSelector((state) => state.auth.status);
  // Embed paths turn off sockets (spec section 4, start-up): embeds keep polling.
  const { data, error, isLoading } = useGetProjectEmbedQuery({ hash, signedIn: auth === 'signedIn' }, { skip: auth === 'restoring', pollingInterval: 30_000 });
  if (auth === 'restoring' || isLoading) return <ShellLoader />;
  if (!data) return isApiError(error) && error.status === 404 ? <LinkInvalid /> : <div className="page"><ProjectErrorAlert error={error} /></div>;
  return <ProjectViewFrame view={data} viewer={{ signedIn: auth === 'signedIn', admin: data.viewer.admin }} linkBase={{ kind: 'embed', hash }} embedded />;
}

/** /embed/project/{hash}/{view}: the view named by the path. */
export function EmbedView() {
  const { view = 'info' } = useParams();
  switch (view) {
    case 'task': return <TaskView />;
    case 'calendar': return <CalendarView />;
    case 'filter': return <FilterView />;
    default: return <InfoView />;
  }
}
