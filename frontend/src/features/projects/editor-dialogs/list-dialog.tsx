import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Checkbox, TextField } from '../../../shared/form';
import { DialogForm } from '../../../shared/dialog-form';
import { ChoiceSelect, SelectField, TextAreaField } from '../../../shared/form-fields';
import {
  SHOW_NAMES, useAddListMutation, useEditListMutation, useListPresetsQuery, useSavePresetColumnMutation, type AttendanceMode,
  type ListInput, type ListView, type PhaseView, type ShowNames,
} from '../projects.api';
import { attendanceMessages, editorDialogMessages as messages, showNamesMessages } from './editor-dialogs.messages';
import type { EditorTarget } from './editor-target';
import { definitionOf, draftOf, type FieldDraft } from './field-draft';
import { ListFields } from './list-fields';
import { ListReminderField, useListReminder } from './list-reminder';
import { toLocalInput, windowOf, WindowInputs } from './window-inputs';

/** A new list in `phase`, or `list` edited: window, attendance, settings and sign-up fields. */
export function ListDialog({ target, phase, list, onClose }: { target: EditorTarget; phase: PhaseView; list?: ListView; onClose: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState(list?.name ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const [type, setType] = useState<1 | 2>(list?.type ?? 1);
  const [window, setWindow] = useState({
    opensAt: toLocalInput(list?.window.opensAt ?? null), closesAt: toLocalInput(list?.window.closesAt ?? null), endsAt: toLocalInput(list?.window.endsAt ?? null),
  });
  const [attendance, setAttendance] = useState<AttendanceMode>(list?.attendance ?? 'automatic');
  const [waitlist, setWaitlist] = useState(list?.settings.waitlist ?? false);
  const [allowAnonymous, setAllowAnonymous] = useState(list?.settings.allowAnonymous ?? true);
  const [maxPerPerson, setMaxPerPerson] = useState(list?.settings.maxPerPerson ? String(list.settings.maxPerPerson) : '');
  const [showNames, setShowNames] = useState<ShowNames>(list?.settings.showNames ?? 'all');
  const [fields, setFields] = useState<FieldDraft[]>((list?.fields ?? []).map(draftOf));
  const [add, addState] = useAddListMutation();
  const [edit, editState] = useEditListMutation();
  const [saveColumn, columnState] = useSavePresetColumnMutation();
  const { data: presets } = useListPresetsQuery(target.teamId);
  const reminder = useListReminder(target, list?.listId);

  const title = list ? intl.formatMessage(messages.listEdit) : intl.formatMessage(messages.listNew, { name: phase.name });

  async function submit() {
    const body: ListInput & { name: string } = {
      name: name.trim(), description, type, window: windowOf(window), attendance,
      fields: fields.map(definitionOf),
      settings: { waitlist, allowAnonymous, showNames, maxPerPerson: maxPerPerson === '' ? null : Number(maxPerPerson) },
    };
    const result = list ? await edit({ ...target, listId: list.listId, body }) : await add({ ...target, phaseId: phase.phaseId, body });
    if (!result.data) return;
    const listId = list?.listId ?? ('listId' in result.data ? result.data.listId : undefined);
    if (listId === undefined || await reminder.save(listId)) onClose();
  }

  return (
    <DialogForm
      title={title}
      onClose={onClose}
      wide
      error={addState.error ?? editState.error ?? columnState.error ?? reminder.state.error}
      submitLabel={messages.save}
      submitDisabled={addState.isLoading || editState.isLoading}
      onSubmit={submit}
    >
      <TextField label={intl.formatMessage(messages.name)} value={name} onValueChange={setName} required maxLength={120} autoFocus />
      <TextAreaField id="list-description" label={intl.formatMessage(messages.description)} rows={2} maxLength={10000} value={description} onValueChange={setDescription} />
      <SelectField id="list-type" label={intl.formatMessage(messages.listType)} value={type} onValueChange={(value) => setType(value === '2' ? 2 : 1)}>
        <option value={1}>{intl.formatMessage(messages.listTypeNormal)}</option>
        <option value={2}>{intl.formatMessage(messages.listTypeFull)}</option>
      </SelectField>
      <WindowInputs window={window} onChange={setWindow} />
      <ChoiceSelect id="list-attendance" label={intl.formatMessage(messages.attendance)} value={attendance} choices={['automatic', 'manual']} labels={attendanceMessages} fallback="automatic" onChange={setAttendance} />
      <Checkbox label={intl.formatMessage(messages.waitlist)} checked={waitlist} onChange={setWaitlist} />
      <Checkbox label={intl.formatMessage(messages.anonymous)} checked={allowAnonymous} onChange={setAllowAnonymous} />
      <TextField label={intl.formatMessage(messages.maxPerPerson)} type="number" min={1} max={1000} value={maxPerPerson} onValueChange={setMaxPerPerson} />
      <ChoiceSelect id="list-show-names" label={intl.formatMessage(messages.showNames)} value={showNames} choices={SHOW_NAMES} labels={showNamesMessages} fallback="all" onChange={setShowNames} />
      <ListReminderField value={reminder.value} onChange={reminder.setValue} />
      <ListFields
        fields={fields}
        onChange={setFields}
        columns={presets?.columns}
        column={{ save: (field) => void saveColumn({ teamId: target.teamId, field }), isLoading: columnState.isLoading, isSuccess: columnState.isSuccess }}
      />
    </DialogForm>
  );
}
