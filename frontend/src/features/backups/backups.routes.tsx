import type { RouteObject } from 'react-router';
import { routeHandle } from '../../app/route-meta';
import { backupPaths } from './backup.paths';

const access = { kind: 'id', key: 'manage_backup' } as const;
const page = { lazy: async () => ({ Component: (await import('./backups-page')).BackupsPage }) };

// backup, backup/{dateId}, backup/{dateId}/{backupId}, backup/{dateId}/{backupId}/{listId}
// (manage_backup, spec section 2): one screen, the segments choose the point and the list.
export const backupsRoutes: RouteObject[] = [
  { path: backupPaths.backup.path, handle: routeHandle({ name: 'manage-backup', access }), ...page },
  { path: backupPaths.backup.dayPath, handle: routeHandle({ name: 'manage-backup-date', access }), ...page },
  { path: backupPaths.backup.pointPath, handle: routeHandle({ name: 'manage-backup-point', access }), ...page },
  { path: backupPaths.backup.listPath, handle: routeHandle({ name: 'manage-backup-list', access }), ...page },
];
