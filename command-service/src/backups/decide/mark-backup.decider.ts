import { DomainError, type BackupMarkedData } from '@planwerk/events';

// A named backup (ADR 0008) marks a point of the project's history: the last change up to the
// chosen position (the current state when none is given) and every stream's version there.
// The marker is a record on `backups-<projectId>`; it changes nothing of the project.

export interface MarkBackup {
  type: 'MarkBackup';
  projectId: string;
  backupId: string;
  name: string;
  by: string;
}

export interface MarkBackupState {
  /** The last change up to the point, null when the project has none there. */
  last: { position: string; at: string } | null;
  /** How many events of each stream lie up to the point. */
  versions: BackupMarkedData['versions'];
}

export class NothingToMarkAtPosition extends DomainError {
  constructor() {
    super('validation_failed', { field: 'position' });
    this.name = 'NothingToMarkAtPosition';
  }
}

export type BackupMarkedEvent = { type: 'BackupMarked'; data: BackupMarkedData };

/** Exactly one event: the marker. */
export function decideMarkBackup(command: MarkBackup, state: MarkBackupState): [BackupMarkedEvent] {
  if (state.last === null) throw new NothingToMarkAtPosition();
  const { projectId, backupId, name, by } = command;
  return [{ type: 'BackupMarked', data: { projectId, backupId, name, at: state.last.at, position: state.last.position, versions: state.versions, by } }];
}
