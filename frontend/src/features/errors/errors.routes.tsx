import type { RouteObject } from 'react-router';
import { paths } from '../../app/paths';
import { routeHandle } from '../../app/route-meta';

export const errorsRoutes: RouteObject[] = [
  {
    path: paths.errorLogin.path,
    handle: routeHandle({ name: 'error-login' }),
    lazy: async () => ({ Component: (await import('./error-login-page')).ErrorLoginPage }),
  },
  {
    path: paths.errorAccess.path,
    handle: routeHandle({ name: 'error-access' }),
    lazy: async () => ({ Component: (await import('./error-access-page')).ErrorAccessPage }),
  },
  {
    path: paths.errorTeam.path,
    handle: routeHandle({ name: 'error-team' }),
    lazy: async () => ({ Component: (await import('./error-access-page')).ErrorTeamPage }),
  },
];

export const notFoundRoute: RouteObject = {
  path: paths.notFound.path,
  handle: routeHandle({ name: 'not-found' }),
  lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }),
};
