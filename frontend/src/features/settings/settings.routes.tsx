import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { paths } from '../../app/paths';
import { routeHandle } from '../../app/route-meta';

const login = { kind: 'login' } as const;
const page = (loader: () => Promise<{ Component: ComponentType }>) => ({ lazy: loader });

// /settings and the account's own sections (spec section 2); all need login.
export const settingsRoutes: RouteObject[] = [
  {
    path: paths.settings.path,
    handle: routeHandle({ name: 'settings', access: login }),
    lazy: async () => ({ Component: (await import('./settings-layout')).SettingsLayout }),
    children: [
      { index: true, loader: () => redirect(paths.settingsAccount.href()) },
      {
        path: 'account', handle: routeHandle({ name: 'settings-account' }),
        ...page(async () => ({ Component: (await import('./account-settings-page')).AccountSettingsPage })),
      },
      {
        path: 'account/secure', handle: routeHandle({ name: 'settings-secure' }),
        ...page(async () => ({ Component: (await import('./secure-settings-page')).SecureSettingsPage })),
      },
      {
        path: 'login', handle: routeHandle({ name: 'settings-login' }),
        ...page(async () => ({ Component: (await import('./login-settings-page')).LoginSettingsPage })),
      },
      {
        path: 'privacy', handle: routeHandle({ name: 'settings-privacy' }),
        ...page(async () => ({ Component: (await import('./privacy-settings-page')).PrivacySettingsPage })),
      },
      {
        path: 'delete', handle: routeHandle({ name: 'settings-delete' }),
        ...page(async () => ({ Component: (await import('./delete-settings-page')).DeleteSettingsPage })),
      },
      {
        path: 'design', handle: routeHandle({ name: 'settings-design' }),
        ...page(async () => ({ Component: (await import('./design-settings-page')).DesignSettingsPage })),
      },
      {
        path: 'device', handle: routeHandle({ name: 'settings-device' }),
        ...page(async () => ({ Component: (await import('./device-settings-page')).DeviceSettingsPage })),
      },
      {
        path: 'auth', handle: routeHandle({ name: 'settings-auth' }),
        ...page(async () => ({ Component: (await import('./auth-settings-page')).AuthSettingsPage })),
      },
      {
        path: 'backup', handle: routeHandle({ name: 'settings-backup' }),
        ...page(async () => ({ Component: (await import('./backup-settings-page')).BackupSettingsPage })),
      },
      {
        // Team owners and admins only; the page sends others to error-access.
        path: 'admin/contact', handle: routeHandle({ name: 'settings-admin-contact' }),
        ...page(async () => ({ Component: (await import('./admin-contact-page')).AdminContactPage })),
      },
      {
        // Owners and admins of that team only; the page sends others to error-access.
        path: 'admin/:ccLink', handle: routeHandle({ name: 'settings-admin-team' }),
        ...page(async () => ({ Component: (await import('./team-admin-settings-page')).TeamAdminSettingsPage })),
      },
    ],
  },
];
