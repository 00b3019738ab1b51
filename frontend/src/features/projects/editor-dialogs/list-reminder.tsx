import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { ChoiceSelect } from '../../../shared/form-fields';
import { REMINDER_OFFSETS, useGetNotificationSettingsQuery, useSetListReminderMutation, type ReminderOffset } from '../notifications.api';
import { notificationMessages, reminderMessages } from '../notifications.messages';
import type { EditorTarget } from './editor-target';

/**
 * The list's reminder in the list dialog: a draft that the dialog saves after the list itself
 * (a new list's id is known only then). Unchanged, nothing is sent.
 */
export function useListReminder(target: EditorTarget, listId: string | undefined) {
  const { data } = useGetNotificationSettingsQuery(target, { skip: listId === undefined });
  const stored: ReminderOffset = (listId !== undefined ? data?.reminders[listId] : undefined) ?? 'off';
  const [value, setValue] = useState<ReminderOffset | null>(null);
  const [setReminder, state] = useSetListReminderMutation();
  const current = value ?? stored;
  useEffect(() => setValue(null), [listId]);
  return {
    value: current,
    setValue,
    state,
    /** Saves the choice for `savedListId`; true when nothing needed saving or it was saved. */
    async save(savedListId: string): Promise<boolean> {
      if (current === stored && listId !== undefined) return true;
      if (current === 'off' && listId === undefined) return true;
      const result = await setReminder({ ...target, listId: savedListId, reminder: current });
      return result.data !== undefined;
    },
  };
}

export function ListReminderField({ value, onChange }: { value: ReminderOffset; onChange: (value: ReminderOffset) => void }) {
  const intl = useIntl();
  return (
    <div>
      <ChoiceSelect id="list-reminder" label={intl.formatMessage(notificationMessages.reminder)} value={value} choices={REMINDER_OFFSETS} labels={reminderMessages} fallback="off" onChange={onChange} />
      <p className="hint" id="list-reminder-hint">{intl.formatMessage(notificationMessages.reminderHint)}</p>
    </div>
  );
}
