import { useState } from 'react';
import { useIntl } from 'react-intl';
import { TextField } from '../../../shared/form';
import { DialogForm } from '../../../shared/dialog-form';
import { TextAreaField } from '../../../shared/form-fields';
import { useAddPhaseMutation, useEditPhaseMutation, type PhaseView } from '../projects.api';
import { editorDialogMessages as messages } from './editor-dialogs.messages';
import type { EditorTarget } from './editor-target';

/** A new phase, a new sub-group of `parent`, or `phase` edited. */
export function PhaseDialog({ target, phase, parent, onClose }: { target: EditorTarget; phase?: PhaseView; parent?: PhaseView; onClose: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState(phase?.name ?? '');
  const [description, setDescription] = useState(phase?.description ?? '');
  const [add, addState] = useAddPhaseMutation();
  const [edit, editState] = useEditPhaseMutation();
  const title = phase ? intl.formatMessage(messages.phaseEdit)
    : parent ? intl.formatMessage(messages.groupNew, { name: parent.name }) : intl.formatMessage(messages.phaseNew);

  async function submit() {
    const result = phase
      ? await edit({ ...target, phaseId: phase.phaseId, body: { name: name.trim(), description } })
      : await add({ ...target, body: { name: name.trim(), description, folderId: parent?.phaseId ?? null } });
    if (result.data) onClose();
  }

  return (
    <DialogForm title={title} onClose={onClose} error={addState.error ?? editState.error} submitLabel={messages.save} submitDisabled={addState.isLoading || editState.isLoading} onSubmit={submit}>
      <TextField label={intl.formatMessage(messages.name)} value={name} onValueChange={setName} required maxLength={120} autoFocus />
      <TextAreaField id="phase-description" label={intl.formatMessage(messages.description)} rows={3} maxLength={10000} value={description} onValueChange={setDescription} />
    </DialogForm>
  );
}
