import type { RouteObject } from 'react-router';
import { routeHandle } from '../../../app/route-meta';
import { contactGroupPaths } from './contact-group.paths';

// contact/group (manage_contact, spec section 2): the team's groups, departments and classes.
export const contactGroupsRoutes: RouteObject[] = [
  {
    path: contactGroupPaths.groups.path,
    handle: routeHandle({ name: 'manage-contact-group', access: { kind: 'id', key: 'manage_contact' } }),
    lazy: async () => ({ Component: (await import('./contact-groups-page')).ContactGroupsPage }),
  },
];
