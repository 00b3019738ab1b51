import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import type { EditorTarget } from '../editor-dialogs/editor-target';
import { ItemDialog } from '../editor-dialogs/item-dialog';
import { ListDialog } from '../editor-dialogs/list-dialog';
import { MoveListDialog } from '../editor-dialogs/move-list-dialog';
import { MultiEditDialog } from '../editor-dialogs/multi-edit-dialog';
import { NotifyDialog } from '../editor-dialogs/notify-dialog';
import { PhaseDialog } from '../editor-dialogs/phase-dialog';
import type { PhaseView } from '../projects.api';
import type { EditorDialog } from './editor-context';
import { editorMessages as messages } from './project-editor.messages';

/** The open editor dialog; closing the multi-edit also clears the list selection. */
export function EditorDialogHost({ dialog, target, phases, onClose, onMultiClosed }: {
  dialog: EditorDialog | null;
  target: EditorTarget;
  phases: PhaseView[];
  onClose: () => void;
  onMultiClosed: () => void;
}) {
  const dispatch = useAppDispatch();
  return (
    <>
      {dialog?.kind === 'phase' && <PhaseDialog target={target} phase={dialog.phase} parent={dialog.parent} onClose={onClose} />}
      {dialog?.kind === 'list' && <ListDialog target={target} phase={dialog.phase} list={dialog.list} onClose={onClose} />}
      {dialog?.kind === 'item' && <ItemDialog target={target} list={dialog.list} item={dialog.item} onClose={onClose} />}
      {dialog?.kind === 'move' && <MoveListDialog target={target} list={dialog.list} phases={phases} onClose={onClose} />}
      {dialog?.kind === 'notify' && (
        <NotifyDialog
          target={target}
          list={dialog.list}
          onClose={onClose}
          onSent={(count) => {
            onClose();
            dispatch(popupShown({ message: messages.notified, values: { count }, tone: 'success' }));
          }}
        />
      )}
      {dialog?.kind === 'multi' && (
        <MultiEditDialog
          target={target}
          listIds={dialog.listIds}
          onClose={() => {
            onClose();
            onMultiClosed();
          }}
        />
      )}
    </>
  );
}
