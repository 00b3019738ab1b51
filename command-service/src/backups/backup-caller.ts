import type { MemberLevel } from '@planwerk/events';

/** Who calls a backup route: the signed-in user and their level in the path's team. */
export interface BackupCaller {
  teamId: string;
  userId: string;
  level: MemberLevel;
}

export function isAdmin(caller: BackupCaller): boolean {
  return caller.level === 'owner' || caller.level === 'admin';
}
