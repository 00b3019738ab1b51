import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { useConfirm } from '../../shared/ui';
import type { RestoreRequest } from './backup-views';
import { useRestoreBackupMutation, useUndoActionMutation, type RestoreAnswer, type RestoreInput, type RestorePoint } from './backups.api';
import { backupMessages as messages } from './backups.messages';

/**
 * Restoring the project, a list, an item or sign-ups to the chosen point after a confirmation,
 * and undoing that restore from its answer. Render `confirmDialog` once.
 */
export function useRestore({ teamId, projectId, selected, nameNow }: { teamId: string; projectId: string; selected: RestorePoint | undefined; nameNow: string }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [restore, restoreState] = useRestoreBackupMutation();
  const [undo, undoState] = useUndoActionMutation();
  const [answer, setAnswer] = useState<RestoreAnswer | null>(null);

  async function runRestore(request: RestoreRequest | { scope: 'project' }) {
    if (!selected) return;
    const at = intl.formatDate(selected.at, { dateStyle: 'medium', timeStyle: 'medium' });
    let text: string;
    let body: RestoreInput;
    if (request.scope === 'project') {
      text = intl.formatMessage(messages.confirmProject, { name: nameNow, time: at });
      body = { scope: 'project', position: selected.position };
    } else if (request.scope === 'list') {
      text = intl.formatMessage(messages.confirmList, { name: request.list.name, time: at });
      body = { scope: 'list', listId: request.list.listId, position: selected.position };
    } else if (request.scope === 'item') {
      text = intl.formatMessage(messages.confirmItem, { name: request.item.name, time: at });
      body = { scope: 'item', listId: request.listId, itemId: request.item.itemId, position: selected.position };
    } else {
      text = intl.formatMessage(messages.confirmSignups, { count: request.signupIds.length, time: at });
      body = { scope: 'signups', listId: request.listId, signupIds: request.signupIds, position: selected.position };
    }
    const ok = await confirm(text, { confirmLabel: intl.formatMessage(messages.confirmLabel), danger: request.scope === 'project' });
    if (!ok) return;
    setAnswer(null);
    undoState.reset();
    const result = await restore({ teamId, projectId, body });
    if (result.data) setAnswer(result.data);
  }

  async function undoRestore(commandId: string) {
    const result = await undo({ teamId, commandId, projectId });
    if (!result.error) {
      setAnswer(null);
      dispatch(popupShown({ message: messages.undone, tone: 'success' }));
    }
  }

  return { runRestore, undoRestore, answer, restoreState, undoState, confirmDialog };
}
