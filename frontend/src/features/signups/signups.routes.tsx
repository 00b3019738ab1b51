import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../app/paths';
import { routeHandle } from '../../app/route-meta';
import { projectPaths } from '../projects';

type ViewModule = typeof import('./project-view-page');
const view = (pick: (module: ViewModule) => ComponentType) => ({
  lazy: async () => ({ Component: pick(await import('./project-view-page')) }),
});

// My sign-ups (/task, login only); the public project view /{prjLink} with its views, and /embed/project/{hash}/{view} as a
// sub-view without the navigation bar (spec section 2). Static routes rank above /{prjLink}.
export const signupsRoutes: RouteObject[] = [
  {
    path: paths.mySignups.path,
    handle: routeHandle({ name: 'task', access: { kind: 'login' } }),
    lazy: async () => ({ Component: (await import('./my-signups-page')).MySignupsPage }),
  },
  {
    path: projectPaths.projectView.path,
    handle: routeHandle({ name: 'project-view', visitorPage: true }),
    ...view((module) => module.ProjectViewLayout),
    children: [
      { index: true, ...view((module) => module.InfoView) },
      { path: 'info', ...view((module) => module.InfoView) },
      { path: 'info/analyze', lazy: async () => ({ Component: (await import('./project-view/analyze-view')).AnalyzeView }) },
      { path: 'info/admin', ...view((module) => module.AdminView) },
      { path: 'task', ...view((module) => module.TaskView) },
      { path: 'calendar', ...view((module) => module.CalendarView) },
      { path: 'time', ...view((module) => module.CalendarView) },
      { path: 'filter', ...view((module) => module.FilterView) },
      // The private link of a visitor's confirmation mail: /{prjLink}/signup#<list>.<sign-up>.<token>.
      { path: 'signup', lazy: async () => ({ Component: (await import('./project-view/private-signup-view')).PrivateSignupView }) },
      { path: 'admin/:view?', handle: routeHandle({ name: 'project-view-admin' }), ...view((module) => module.AdminView) },
    ],
  },
  {
    path: '/embed/project/:hash',
    handle: routeHandle({ name: 'project-embed', navSidebarHide: true, subView: true }),
    ...view((module) => module.ProjectEmbedLayout),
    children: [
      { index: true, ...view((module) => module.EmbedView) },
      { path: ':view', ...view((module) => module.EmbedView) },
    ],
  },
];
