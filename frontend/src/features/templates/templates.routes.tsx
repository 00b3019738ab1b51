import type { RouteObject } from 'react-router';
import { routeHandle } from '../../app/route-meta';
import { projectPaths } from '../projects';

// The template gallery: like creating a project, it needs manage_prj (spec section 2, manage routes).
export const templatesRoutes: RouteObject[] = [
  {
    path: projectPaths.templates.path,
    handle: routeHandle({ name: 'manage-templates', access: { kind: 'id', key: 'manage_prj' } }),
    lazy: async () => ({ Component: (await import('./templates-page')).TemplatesPage }),
  },
];
