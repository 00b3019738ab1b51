import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { useMarkBackupMutation, type RestorePoint } from './backups.api';
import { backupMessages as messages } from './backups.messages';

/** Naming the chosen restore point: a marker on the slider. */
export function useBackupMark(teamId: string, projectId: string, selected: RestorePoint | undefined) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const [mark, state] = useMarkBackupMutation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return;
    void mark({ teamId, projectId, name: trimmed, ...(selected ? { position: selected.position } : {}) }).then((result) => {
      if (result.data) {
        setName('');
        dispatch(popupShown({ message: messages.marked, tone: 'success' }));
      }
    });
  }

  return { name, setName, submit, state };
}

export type BackupMark = ReturnType<typeof useBackupMark>;
