import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useMatches, useParams } from 'react-router';
import { checkRouteAccess, type RouteAccess } from '@planwerk/events/route-access';
import { TIMINGS_MS } from '@planwerk/events/constants';
import { useIntl } from 'react-intl';
import { ApiErrorAlert } from '../shared/form';
import { useGetTeamAccessQuery } from './access.api';
import { isApiError } from './api-error';
import { UNDER_MAINTENANCE } from './api';
import { appMessages } from './app.messages';
import { ShellLoader } from './app-shell-loader';
import { useAppSelector } from './hooks';
import { paths } from './paths';
import { routeMetaOf, storeLastRoute } from './route-meta';
import { pathPattern, recordRoute } from './route-trace';

// The missing-team branch (picker or, without any team, the empty state) loads when needed.
const NoTeamChosen = lazy(async () => ({ default: (await import('./no-team-chosen')).NoTeamChosen }));

// Spec section 2, navigation guard steps 3 and 4: record the route trace and feature log, store
// the route, then scroll to a `#_id` target (once more after 500 ms when it is not rendered yet)
// or to the top.
function useRouteEffects(name: string | null): void {
  const { pathname, search, hash } = useLocation();
  const params = useParams();
  const pattern = pathPattern(pathname, params);
  useEffect(() => {
    if (!name) return;
    recordRoute(name, pattern);
    storeLastRoute(name, pathname + search + hash);
  }, [name, pattern, pathname, search, hash]);
  useEffect(() => {
    if (!hash.startsWith('#_')) {
      window.scrollTo(0, 0);
      return;
    }
    const scroll = () => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      target?.scrollIntoView();
      return target !== null;
    };
    if (scroll()) return;
    const retry = window.setTimeout(scroll, TIMINGS_MS.hashScrollRetry);
    return () => window.clearTimeout(retry);
  }, [pathname, hash]);
}

/**
 * Route access meta (spec sections 2 and 5): without login → error-login; a team route the
 * member's level or access map does not allow → error-access.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const meta = routeMetaOf(useMatches());
  const status = useAppSelector((state) => state.auth.status);
  useRouteEffects(meta?.name ?? null);
  const access = meta?.access;
  if (!access) return children;
  // Step 1: before the start-up restore has answered, the target waits and is replayed then.
  if (status === 'restoring') return <ShellLoader />;
  if (status !== 'signedIn') return <Navigate to={paths.errorLogin.href()} replace />;
  if (access.kind === 'login') return children;
  return <TeamRouteGate access={access}>{children}</TeamRouteGate>;
}

function TeamRouteGate({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const params = useParams();
  const { pathname, search } = useLocation();
  const ccLink = params.ccLink ?? '0';
  const { data, error, isLoading, isFetching, refetch } = useGetTeamAccessQuery(ccLink);
  if (isLoading || (isFetching && data === undefined)) return <ShellLoader />;
  // No answer is not "no access": under maintenance (6950) the maintenance screen covers the
  // page and refetches when it is over; any other failure (network, 5xx) offers a retry. Only
  // an answer that says so sends to error-access (a 6950 here once sent people there for good).
  if (data === undefined && error && !(isApiError(error) && (error.status === 403 || error.status === 404))) {
    return isApiError(error) && error.intern === UNDER_MAINTENANCE ? <ShellLoader /> : <AccessUnknown error={error} retry={() => void refetch()} />;
  }
  if (ccLink === '0') {
    if (!data) return <Suspense fallback={<ShellLoader />}><NoTeamChosen /></Suspense>;
    return <Navigate to={pathname.replace(/\/0(?=\/|$)/, `/${encodeURIComponent(data.link)}`) + search} replace />;
  }
  if (!data) return <Navigate to={paths.errorAccess.href()} replace />;
  const outcome = checkRouteAccess(true, data.member, access, params);
  if (outcome === 'error-access') return <Navigate to={paths.errorAccess.href()} replace />;
  if (outcome === 'error-login') return <Navigate to={paths.errorLogin.href()} replace />;
  return children;
}

function AccessUnknown({ error, retry }: { error: Parameters<typeof ApiErrorAlert>[0]['error']; retry: () => void }) {
  const intl = useIntl();
  return (
    <div className="page">
      <ApiErrorAlert error={error} />
      <button type="button" className="button" onClick={retry}>{intl.formatMessage(appMessages.retryAccess)}</button>
    </div>
  );
}
