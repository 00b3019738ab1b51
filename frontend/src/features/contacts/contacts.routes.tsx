import type { RouteObject } from 'react-router';
import { routeHandle } from '../../app/route-meta';
import { contactPaths } from './contact.paths';

const access = { kind: 'id', key: 'manage_contact' } as const;

// contact, contact/new and contact/user/{id} (manage_contact, spec section 2).
export const contactsRoutes: RouteObject[] = [
  {
    path: contactPaths.list.path,
    handle: routeHandle({ name: 'manage-contact', access }),
    lazy: async () => ({ Component: (await import('./contact-list-page')).ContactListPage }),
  },
  {
    path: contactPaths.create.path,
    handle: routeHandle({ name: 'manage-contact-new', access }),
    lazy: async () => ({ Component: (await import('./contact-new-page')).ContactNewPage }),
  },
  {
    path: contactPaths.contact.path,
    handle: routeHandle({ name: 'manage-contact-user', access }),
    lazy: async () => ({ Component: (await import('./contact-page')).ContactPage }),
  },
];
