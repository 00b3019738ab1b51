import type { RouteObject } from 'react-router';
import { routeHandle } from '../../app/route-meta';
import { projectPaths } from './project.paths';

// manage-project (spec section 2): /manage/{ccLink}/project/{folderId?}, access id manage_prj.
export const projectsRoutes: RouteObject[] = [
  {
    path: projectPaths.manageProjects.path,
    handle: routeHandle({ name: 'manage-project', access: { kind: 'id', key: 'manage_prj' } }),
    lazy: async () => ({ Component: (await import('./manage-projects-page')).ManageProjectsRoute }),
  },
];
