import { redirect, type RouteObject } from 'react-router';
import { paths } from '../../app/paths';
import { routeHandle } from '../../app/route-meta';

const login = { kind: 'login' } as const;

// Start and account routes of spec section 2.
export const accountsRoutes: RouteObject[] = [
  {
    path: paths.login.path,
    handle: routeHandle({ name: 'login', navSidebarHide: true }),
    lazy: async () => ({ Component: (await import('./login-page')).LoginPage }),
  },
  {
    path: paths.signup.path,
    handle: routeHandle({ name: 'signup', navSidebarHide: true }),
    lazy: async () => ({ Component: (await import('./register-page')).RegisterPage }),
  },
  // "/singup redirects to it" (spec section 2).
  { path: paths.singup.path, handle: routeHandle({ name: 'singup' }), loader: () => redirect(paths.signup.href()) },
  {
    path: paths.callback.path,
    handle: routeHandle({ name: 'callback' }),
    lazy: async () => ({ Component: (await import('./callback-page')).CallbackPage }),
  },
  {
    path: paths.accountActivate.path,
    handle: routeHandle({ name: 'account-activate' }),
    lazy: async () => ({ Component: (await import('./link-confirm-page')).ActivatePage }),
  },
  {
    path: paths.accountChild.path,
    handle: routeHandle({ name: 'account-child' }),
    lazy: async () => ({ Component: (await import('./link-confirm-page')).ParentConfirmPage }),
  },
  {
    path: paths.accountReset.path,
    handle: routeHandle({ name: 'account-reset' }),
    lazy: async () => ({ Component: (await import('./reset-page')).ResetPage }),
  },
  {
    path: paths.accountPrivacy.path,
    handle: routeHandle({ name: 'account-privacy' }),
    lazy: async () => ({ Component: (await import('./privacy-page')).PrivacyPage }),
  },
  {
    path: paths.accountData.path,
    handle: routeHandle({ name: 'account-data', access: login }),
    lazy: async () => ({ Component: (await import('./data-page')).DataPage }),
  },
];
