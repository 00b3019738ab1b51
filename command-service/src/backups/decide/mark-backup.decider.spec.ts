import { decideMarkBackup, NothingToMarkAtPosition, type MarkBackup, type MarkBackupState } from './mark-backup.decider';

const projectId = '0b8a1c52-6f0e-4c5e-9d1a-2b3c4d5e6f70';
const backupId = '1c9b2d63-7a1f-4d6f-8e2b-3c4d5e6f7081';
const listId = '2dac3e74-8b2a-4e7a-9f3c-4d5e6f708192';
const owner = '3ebd4f85-9c3b-4f8b-8a4d-5e6f708192a3';

const mark = (data: Partial<MarkBackup> = {}): MarkBackup => ({ type: 'MarkBackup', projectId, backupId, name: 'Vor dem Umbau', by: owner, ...data });

function given(state: MarkBackupState) {
  return { when: (command: MarkBackup) => () => decideMarkBackup(command, state) };
}

describe('mark backup decider', () => {
  it('given changes up to the point, when it is marked, then BackupMarked with the last change\'s position and time and the streams\' versions', () => {
    const versions = { project: 4, lists: { [listId]: 2 } };
    const then = given({ last: { position: '0000000000000042', at: '2026-03-01T09:00:00.000Z' }, versions }).when(mark());
    expect(then()).toEqual([{
      type: 'BackupMarked',
      data: { projectId, backupId, name: 'Vor dem Umbau', at: '2026-03-01T09:00:00.000Z', position: '0000000000000042', versions, by: owner },
    }]);
  });

  it('given no change up to the point, when it is marked, then NothingToMarkAtPosition (validation_failed on position)', () => {
    const then = given({ last: null, versions: { project: 0, lists: {} } }).when(mark());
    expect(then).toThrow(NothingToMarkAtPosition);
    expect(then).toThrow(expect.objectContaining({ code: 'validation_failed', field: 'position' }));
  });
});
