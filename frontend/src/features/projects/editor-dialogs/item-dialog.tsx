import { useState } from 'react';
import { useIntl } from 'react-intl';
import { VOTE_KINDS, type VoteKind } from '@planwerk/events/constants';
import { TextField } from '../../../shared/form';
import { DateTimeField } from '../../../shared/date-time-field';
import { DialogForm } from '../../../shared/dialog-form';
import { ChoiceSelect, TextAreaField } from '../../../shared/form-fields';
import { useAddItemMutation, useEditItemMutation, type ItemView, type ListView } from '../projects.api';
import { editorDialogMessages as messages, voteKindMessages } from './editor-dialogs.messages';
import { splitList, type EditorTarget } from './editor-target';

/** A new item in `list`, or `item` edited: capacity, vote, date and time. */
export function ItemDialog({ target, list, item, onClose }: { target: EditorTarget; list: ListView; item?: ItemView; onClose: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [capacity, setCapacity] = useState(item?.capacity ? String(item.capacity) : '');
  const [voteKind, setVoteKind] = useState<VoteKind | ''>(item?.vote?.kind ?? '');
  const [voteOptions, setVoteOptions] = useState((item?.vote?.options ?? []).join(', '));
  const [date, setDate] = useState(item?.date ?? '');
  const [from, setFrom] = useState(item?.time?.from ?? '');
  const [to, setTo] = useState(item?.time?.to ?? '');
  const [add, addState] = useAddItemMutation();
  const [edit, editState] = useEditItemMutation();

  const title = item ? intl.formatMessage(messages.itemEdit) : intl.formatMessage(messages.itemNew, { name: list.name });

  async function submit() {
    const body = {
      name: name.trim(), description,
      capacity: capacity === '' ? null : Number(capacity),
      vote: voteKind === '' ? null : { kind: voteKind, ...(voteKind === 'poll' ? { options: splitList(voteOptions) } : {}) },
      date: date === '' ? null : date,
      time: from !== '' && to !== '' ? { from, to } : null,
    };
    const result = item ? await edit({ ...target, listId: list.listId, itemId: item.itemId, body }) : await add({ ...target, listId: list.listId, body });
    if (result.data) onClose();
  }

  return (
    <DialogForm title={title} onClose={onClose} error={addState.error ?? editState.error} submitLabel={messages.save} submitDisabled={addState.isLoading || editState.isLoading} onSubmit={submit}>
      <TextField label={intl.formatMessage(messages.name)} value={name} onValueChange={setName} required maxLength={200} autoFocus />
      <TextAreaField id="item-description" label={intl.formatMessage(messages.description)} rows={2} maxLength={10000} value={description} onValueChange={setDescription} />
      <TextField label={intl.formatMessage(messages.capacity)} type="number" min={1} max={100000} value={capacity} onValueChange={setCapacity} />
      <ChoiceSelect id="item-vote" label={intl.formatMessage(messages.voteKind)} value={voteKind} choices={VOTE_KINDS} labels={voteKindMessages} fallback="" onChange={setVoteKind}>
        <option value="">{intl.formatMessage(messages.voteNone)}</option>
      </ChoiceSelect>
      {voteKind === 'poll' && (
        <TextField label={intl.formatMessage(messages.voteOptions)} value={voteOptions} onValueChange={setVoteOptions} required />
      )}
      <DateTimeField kind="date" label={intl.formatMessage(messages.date)} value={date} onValueChange={setDate} />
      <div className="field-row">
        <DateTimeField kind="time" label={intl.formatMessage(messages.timeFrom)} value={from} onValueChange={setFrom} required={to !== ''} />
        <DateTimeField kind="time" label={intl.formatMessage(messages.timeTo)} value={to} onValueChange={setTo} required={from !== ''} />
      </div>
    </DialogForm>
  );
}
