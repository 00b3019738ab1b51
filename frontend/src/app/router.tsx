import { createBrowserRouter } from 'react-router';
import { UpdateDialog } from '../features/update/update-dialog';
import { AppShell, ShellLoader } from './app-shell';
import { paths } from './paths';

// A router or module load error means the deployed bundle changed: offer a reload (spec 2).
function RouteError() {
  return <UpdateDialog open />;
}

// Route matching is case-insensitive (react-router's default; spec section 2).
export function createAppRouter() {
  return createBrowserRouter([
    {
      path: paths.start.path,
      Component: AppShell,
      ErrorBoundary: RouteError,
      HydrateFallback: ShellLoader,
      children: [
        {
          index: true,
          lazy: async () => ({ Component: (await import('../features/start/start-page')).StartPage }),
        },
        {
          path: paths.feedback.path,
          lazy: async () => ({ Component: (await import('../features/feedback/feedback-page')).FeedbackPage }),
        },
        {
          path: paths.dev.path,
          // Outside development mode /dev answers like any unknown route.
          lazy: async () => {
            const [{ DevPage }, { NotFoundPage }] = await Promise.all([
              import('../features/dev/dev-page'),
              import('../features/errors/not-found-page'),
            ]);
            return { Component: () => <DevPage notFound={<NotFoundPage />} /> };
          },
        },
        {
          path: paths.notFound.path,
          lazy: async () => ({ Component: (await import('../features/errors/not-found-page')).NotFoundPage }),
        },
      ],
    },
  ]);
}
