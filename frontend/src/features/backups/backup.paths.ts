// Backup routes of spec section 2 (management, access manage_backup):
// /manage/{ccLink}/backup, backup/{dateId}, backup/{dateId}/{backupId}, backup/{dateId}/{backupId}/{listId}.
// {dateId} is the UTC day of the chosen restore point, {backupId} the point itself (its
// checkpoint, or "now" for the newest), {listId} narrows the view to one list; the project is
// the `project` search parameter (a team's backups span its projects).
const enc = encodeURIComponent;

export const NEWEST_POINT = 'now';

export interface BackupTarget {
  projectId?: string;
  dateId?: string;
  backupId?: string;
  listId?: string;
}

export const backupPaths = {
  backup: {
    path: '/manage/:ccLink/backup',
    dayPath: '/manage/:ccLink/backup/:dateId',
    pointPath: '/manage/:ccLink/backup/:dateId/:backupId',
    listPath: '/manage/:ccLink/backup/:dateId/:backupId/:listId',
    href: (ccLink: string, target: BackupTarget = {}) => {
      let path = `/manage/${enc(ccLink)}/backup`;
      if (target.dateId) {
        path += `/${enc(target.dateId)}`;
        if (target.backupId) {
          path += `/${enc(target.backupId)}`;
          if (target.listId) path += `/${enc(target.listId)}`;
        }
      }
      return target.projectId ? `${path}?project=${enc(target.projectId)}` : path;
    },
  },
} as const;

/** The backup screen of one list, at its newest point (the list menu's "backup" entry). */
export function listBackupHref(ccLink: string, projectId: string, listId: string): string {
  return backupPaths.backup.href(ccLink, { projectId, dateId: new Date().toISOString().slice(0, 10), backupId: NEWEST_POINT, listId });
}
