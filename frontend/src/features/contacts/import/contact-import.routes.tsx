import type { RouteObject } from 'react-router';
import { routeHandle } from '../../../app/route-meta';
import { contactImportPaths } from './contact-import.paths';

// contact/import (manage_contact, spec section 2): contacts from .xlsx, .ods and CSV.
export const contactImportRoutes: RouteObject[] = [
  {
    path: contactImportPaths.import.path,
    handle: routeHandle({ name: 'manage-contact-import', access: { kind: 'id', key: 'manage_contact' } }),
    lazy: async () => ({ Component: (await import('./contact-import-page')).ContactImportPage }),
  },
];
