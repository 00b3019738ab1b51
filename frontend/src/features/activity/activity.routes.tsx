import type { RouteObject } from 'react-router';
import { routeHandle } from '../../app/route-meta';
import { projectPaths } from '../projects';

const access = { kind: 'id', key: 'manage_active' } as const;

// activity/{filter?} (manage_active, spec section 2).
export const activityRoutes: RouteObject[] = [
  {
    path: projectPaths.activity.path,
    handle: routeHandle({ name: 'manage-activity', access }),
    lazy: async () => ({ Component: (await import('./activity-page')).ActivityPage }),
  },
];
