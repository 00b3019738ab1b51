import { createBrowserRouter, type RouteObject } from 'react-router';
import { accountsRoutes } from '../features/accounts/accounts.routes';
import { errorsRoutes, notFoundRoute } from '../features/errors/errors.routes';
import { settingsRoutes } from '../features/settings/settings.routes';
import { teamsRoutes } from '../features/teams/teams.routes';
import { projectsRoutes } from '../features/projects/projects.routes';
import { signupsRoutes } from '../features/signups/signups.routes';
import { presetsRoutes } from '../features/presets/presets.routes';
import { activityRoutes } from '../features/activity/activity.routes';
import { backupsRoutes } from '../features/backups/backups.routes';
import { contactsRoutes } from '../features/contacts/contacts.routes';
import { contactGroupsRoutes } from '../features/contacts/groups/contact-groups.routes';
import { contactImportRoutes } from '../features/contacts/import/contact-import.routes';
import { createRoutes } from '../features/create/create.routes';
import { onboardingRoutes } from '../features/onboarding/onboarding.routes';
import { templatesRoutes } from '../features/templates/templates.routes';
import { UpdateDialog } from '../features/update/update-dialog';
import { AppShell, ShellLoader } from './app-shell';
import { paths } from './paths';
import { routeHandle } from './route-meta';

// A router or module load error means the deployed bundle changed: offer a reload (spec 2).
function RouteError() {
  return <UpdateDialog open />;
}

// The shell's own pages; every feature brings its routes as one module (`<feature>.routes.tsx`).
const coreRoutes: RouteObject[] = [
  {
    index: true,
    handle: routeHandle({ name: 'start' }),
    lazy: async () => ({ Component: (await import('../features/start/start-page')).StartPage }),
  },
  {
    path: paths.feedback.path,
    handle: routeHandle({ name: 'feedback' }),
    lazy: async () => ({ Component: (await import('../features/feedback/feedback-page')).FeedbackPage }),
  },
  {
    path: paths.dev.path,
    handle: routeHandle({ name: 'dev' }),
    // Outside development mode /dev answers like any unknown route.
    lazy: async () => {
      const [{ DevPage }, { NotFoundPage }] = await Promise.all([
        import('../features/dev/dev-page'),
        import('../features/errors/not-found-page'),
      ]);
      return { Component: () => <DevPage notFound={<NotFoundPage />} /> };
    },
  },
];

// Route matching is case-insensitive (react-router's default; spec section 2).
export function createAppRouter() {
  return createBrowserRouter([
    {
      path: paths.start.path,
      Component: AppShell,
      ErrorBoundary: RouteError,
      HydrateFallback: ShellLoader,
      children: [
        ...coreRoutes,
        ...accountsRoutes,
        ...settingsRoutes,
        ...teamsRoutes,
        ...projectsRoutes,
        ...signupsRoutes,
        ...presetsRoutes,
        ...templatesRoutes,
        ...onboardingRoutes,
        ...activityRoutes,
        ...backupsRoutes,
        ...contactsRoutes,
        ...contactGroupsRoutes,
        ...contactImportRoutes,
        ...createRoutes,
        ...errorsRoutes,
        // The 404 catch-all stays last.
        notFoundRoute,
      ],
    },
  ]);
}
