import type { RouteObject } from 'react-router';
import { paths } from '../../app/paths';
import { routeHandle } from '../../app/route-meta';
import { createMessages } from './create.messages';

// /create/{view?} of spec section 2 (view item, item-setup or item-new); login only: the page
// offers only teams in which the person may create projects.
export const createRoutes: RouteObject[] = [
  {
    path: paths.create.path,
    handle: routeHandle({ name: 'create', access: { kind: 'login' }, navTitle: createMessages.title }),
    lazy: async () => ({ Component: (await import('./create-page')).CreatePage }),
  },
];
