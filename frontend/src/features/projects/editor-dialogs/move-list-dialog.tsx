import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DialogForm } from '../../../shared/dialog-form';
import { SelectField } from '../../../shared/form-fields';
import { useMoveListMutation, type ListView, type PhaseView } from '../projects.api';
import { editorDialogMessages as messages } from './editor-dialogs.messages';
import type { EditorTarget } from './editor-target';

/** Moves `list` to another phase. */
export function MoveListDialog({ target, list, phases, onClose }: { target: EditorTarget; list: ListView; phases: PhaseView[]; onClose: () => void }) {
  const intl = useIntl();
  const others = phases.filter((phase) => phase.phaseId !== list.phaseId);
  const [phaseId, setPhaseId] = useState(others[0]?.phaseId ?? '');
  const [move, { isLoading, error }] = useMoveListMutation();
  async function submit() {
    const result = await move({ ...target, listId: list.listId, phaseId });
    if (result.data) onClose();
  }
  return (
    <DialogForm title={intl.formatMessage(messages.moveTitle)} onClose={onClose} error={error} submitLabel={messages.move} submitDisabled={isLoading || phaseId === ''} onSubmit={submit}>
      <SelectField id="move-target" label={intl.formatMessage(messages.moveTarget)} value={phaseId} required onValueChange={setPhaseId}>
        {others.map((phase) => <option key={phase.phaseId} value={phase.phaseId}>{phase.name}</option>)}
      </SelectField>
    </DialogForm>
  );
}
