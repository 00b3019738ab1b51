import { useState } from 'react';
import { useIntl } from 'react-intl';
import { TextField } from '../../../shared/form';
import { DialogForm } from '../../../shared/dialog-form';
import { TextAreaField } from '../../../shared/form-fields';
import { useNotifyListMutation, type ListView } from '../projects.api';
import { editorDialogMessages as messages } from './editor-dialogs.messages';
import type { EditorTarget } from './editor-target';

/** A notice by mail to everyone signed up in `list`. */
export function NotifyDialog({ target, list, onClose, onSent }: { target: EditorTarget; list: ListView; onClose: () => void; onSent: (recipients: number) => void }) {
  const intl = useIntl();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [notify, { isLoading, error }] = useNotifyListMutation();
  async function submit() {
    const result = await notify({ ...target, listId: list.listId, subject: subject.trim(), text: text.trim() });
    if (result.data) onSent(result.data.recipients);
  }
  return (
    <DialogForm title={intl.formatMessage(messages.notifyTitle)} onClose={onClose} error={error} submitLabel={messages.send} submitDisabled={isLoading} onSubmit={submit}>
      <TextField label={intl.formatMessage(messages.subject)} value={subject} onValueChange={setSubject} required maxLength={200} autoFocus />
      <TextAreaField id="notify-text" label={intl.formatMessage(messages.text)} rows={5} required value={text} onValueChange={setText} />
    </DialogForm>
  );
}
