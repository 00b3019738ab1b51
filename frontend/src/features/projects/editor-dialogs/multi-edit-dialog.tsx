import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Checkbox } from '../../../shared/form';
import { DialogForm } from '../../../shared/dialog-form';
import { ChoiceSelect } from '../../../shared/form-fields';
import { SHOW_NAMES, useEditListsMutation, type AttendanceMode, type ShowNames } from '../projects.api';
import { attendanceMessages, editorDialogMessages as messages, listTypeMessages, onOffMessages, showNamesMessages } from './editor-dialogs.messages';
import type { EditorTarget } from './editor-target';
import { windowOf, WindowInputs } from './window-inputs';

type Tri = '' | 'on' | 'off';
const ON_OFF = ['on', 'off'] as const;

/** A select whose empty choice leaves the setting of every chosen list as it is. */
function KeepSelect<T extends string>({ id, label, value, choices, labels, onChange }: {
  id: string;
  label: MessageDescriptor;
  value: T | '';
  choices: readonly T[];
  labels: Record<T, MessageDescriptor>;
  onChange: (value: T | '') => void;
}) {
  const intl = useIntl();
  return (
    <ChoiceSelect id={id} label={intl.formatMessage(label)} value={value} choices={choices} labels={labels} fallback="" onChange={onChange}>
      <option value="">{intl.formatMessage(messages.unchanged)}</option>
    </ChoiceSelect>
  );
}

/** One change for several lists (the list menu's multi-edit). */
export function MultiEditDialog({ target, listIds, onClose }: { target: EditorTarget; listIds: string[]; onClose: () => void }) {
  const intl = useIntl();
  const [type, setType] = useState<'' | '1' | '2'>('');
  const [attendance, setAttendance] = useState<'' | AttendanceMode>('');
  const [waitlist, setWaitlist] = useState<Tri>('');
  const [anonymous, setAnonymous] = useState<Tri>('');
  const [showNames, setShowNames] = useState<'' | ShowNames>('');
  const [changeWindow, setChangeWindow] = useState(false);
  const [window, setWindow] = useState({ opensAt: '', closesAt: '', endsAt: '' });
  const [editLists, { isLoading, error }] = useEditListsMutation();

  async function submit() {
    const settings = {
      ...(waitlist !== '' ? { waitlist: waitlist === 'on' } : {}),
      ...(anonymous !== '' ? { allowAnonymous: anonymous === 'on' } : {}),
      ...(showNames !== '' ? { showNames } : {}),
    };
    const changes = {
      ...(type !== '' ? { type: type === '2' ? 2 as const : 1 as const } : {}),
      ...(attendance !== '' ? { attendance } : {}),
      ...(Object.keys(settings).length > 0 ? { settings } : {}),
      ...(changeWindow ? { window: windowOf(window) } : {}),
    };
    const result = await editLists({ ...target, listIds, changes });
    if (result.data) onClose();
  }

  return (
    <DialogForm title={intl.formatMessage(messages.multiTitle, { count: listIds.length })} onClose={onClose} wide error={error} submitLabel={messages.save} submitDisabled={isLoading} onSubmit={submit}>
      <KeepSelect id="multi-type" label={messages.listType} value={type} choices={['1', '2']} labels={listTypeMessages} onChange={setType} />
      <KeepSelect id="multi-attendance" label={messages.attendance} value={attendance} choices={['automatic', 'manual']} labels={attendanceMessages} onChange={setAttendance} />
      <KeepSelect id="multi-waitlist" label={messages.waitlist} value={waitlist} choices={ON_OFF} labels={onOffMessages} onChange={setWaitlist} />
      <KeepSelect id="multi-anonymous" label={messages.anonymous} value={anonymous} choices={ON_OFF} labels={onOffMessages} onChange={setAnonymous} />
      <KeepSelect id="multi-show" label={messages.showNames} value={showNames} choices={SHOW_NAMES} labels={showNamesMessages} onChange={setShowNames} />
      <Checkbox label={intl.formatMessage(messages.changeWindow)} checked={changeWindow} onChange={setChangeWindow} />
      {changeWindow && <WindowInputs window={window} onChange={setWindow} />}
    </DialogForm>
  );
}
