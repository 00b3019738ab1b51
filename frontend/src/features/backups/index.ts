// The public entry of the backups feature: other features import only from here (ADR 0010).
export { backupPaths, listBackupHref } from './backup.paths';
