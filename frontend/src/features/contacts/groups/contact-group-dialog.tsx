import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import { DialogForm } from '../../../shared/dialog-form';
import { TextField } from '../../../shared/form';
import { ChoiceSelect, TextAreaField } from '../../../shared/form-fields';
import { untyped } from '../../../shared/untyped-messages';
import {
  CONTACT_GROUP_DESCRIPTION_MAX, CONTACT_GROUP_KINDS, CONTACT_GROUP_NAME_MAX, CONTACT_GROUP_POLICIES, useCreateContactGroupMutation,
  useEditContactGroupMutation, type ContactGroupKind, type ContactGroupPolicy, type ContactGroupSummary, type EditContactGroupBody,
} from './contact-groups.api';
import { KIND_LABEL, POLICY_LABEL } from './contact-groups.messages';

const messages = untyped(defineMessages({
  createTitle: { id: 'contacts.groups.dialog.createTitle', defaultMessage: 'Neue Gruppe', description: 'Title of the dialog that adds a contact group' },
  editTitle: { id: 'contacts.groups.dialog.editTitle', defaultMessage: 'Gruppe „{name}“ bearbeiten', description: 'Title of the dialog that edits a contact group' },
  name: { id: 'contacts.groups.dialog.name', defaultMessage: 'Name', description: 'Name of the contact group' },
  kind: { id: 'contacts.groups.dialog.kind', defaultMessage: 'Art', description: 'Kind of the group: group, department or class' },
  policy: { id: 'contacts.groups.dialog.policy', defaultMessage: 'Wer nimmt Mitglieder auf?', description: 'Who admits members to the group' },
  policyHint: {
    id: 'contacts.groups.dialog.policyHint',
    defaultMessage: 'Bei „Auf Anfrage“ können Teammitglieder um Aufnahme bitten; die Verwaltung stimmt zu.',
    description: 'Explains the request policy',
  },
  description: { id: 'contacts.groups.dialog.description', defaultMessage: 'Beschreibung', description: 'Description of the group (optional)' },
  create: { id: 'contacts.groups.dialog.create', defaultMessage: 'Gruppe anlegen', description: 'Submits a new contact group' },
  save: { id: 'contacts.groups.dialog.save', defaultMessage: 'Speichern', description: 'Saves the changed group' },
  created: { id: 'contacts.groups.dialog.created', defaultMessage: 'Die Gruppe ist angelegt.', description: 'Confirmation after adding a group' },
  saved: { id: 'contacts.groups.dialog.saved', defaultMessage: 'Die Gruppe ist gespeichert.', description: 'Confirmation after editing a group' },
}));

/** Adds a group (`group` absent) or edits one; an edit sends only what changed. */
export function ContactGroupDialog({ teamId, group, onClose }: { teamId: string; group?: ContactGroupSummary; onClose: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [name, setName] = useState(group?.name ?? '');
  const [kind, setKind] = useState<ContactGroupKind>(group?.kind ?? 'group');
  const [policy, setPolicy] = useState<ContactGroupPolicy>(group?.policy ?? 'admins');
  const [description, setDescription] = useState(group?.description ?? '');
  const [create, createState] = useCreateContactGroupMutation();
  const [edit, editState] = useEditContactGroupMutation();
  const busy = createState.isLoading || editState.isLoading;

  async function submit() {
    const values = { name: name.trim(), kind, policy, description: description.trim() };
    if (!group) {
      const result = await create({ teamId, body: values });
      if (!result.data) return;
      dispatch(popupShown({ message: messages.created, tone: 'success' }));
      onClose();
      return;
    }
    const body: EditContactGroupBody = {
      ...(values.name !== group.name ? { name: values.name } : {}),
      ...(values.kind !== group.kind ? { kind: values.kind } : {}),
      ...(values.policy !== group.policy ? { policy: values.policy } : {}),
      ...(values.description !== group.description ? { description: values.description } : {}),
    };
    if (Object.keys(body).length > 0) {
      const result = await edit({ teamId, groupId: group.groupId, body });
      if (!result.data) return;
      dispatch(popupShown({ message: messages.saved, tone: 'success' }));
    }
    onClose();
  }

  return (
    <DialogForm
      title={group ? intl.formatMessage(messages.editTitle, { name: group.name }) : intl.formatMessage(messages.createTitle)}
      onClose={onClose}
      error={createState.error ?? editState.error}
      submitLabel={group ? messages.save : messages.create}
      submitDisabled={busy || name.trim() === ''}
      onSubmit={submit}
    >
      <TextField label={intl.formatMessage(messages.name)} value={name} onValueChange={setName} required maxLength={CONTACT_GROUP_NAME_MAX} autoFocus />
      <ChoiceSelect id="contact-group-kind" label={intl.formatMessage(messages.kind)} value={kind} choices={CONTACT_GROUP_KINDS} labels={KIND_LABEL} fallback="group" onChange={setKind} />
      <ChoiceSelect id="contact-group-policy" label={intl.formatMessage(messages.policy)} value={policy} choices={CONTACT_GROUP_POLICIES} labels={POLICY_LABEL} fallback="admins" onChange={setPolicy} />
      <p className="hint">{intl.formatMessage(messages.policyHint)}</p>
      <TextAreaField
        id="contact-group-description"
        label={intl.formatMessage(messages.description)}
        value={description}
        onValueChange={setDescription}
        rows={3}
        maxLength={CONTACT_GROUP_DESCRIPTION_MAX}
      />
    </DialogForm>
  );
}
