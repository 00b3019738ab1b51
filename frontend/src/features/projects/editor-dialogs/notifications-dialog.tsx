import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import { DialogForm } from '../../../shared/dialog-form';
import { Bell, Icon } from '../../../shared/icons';
import { NOTIFICATION_MODES, useChooseNotificationsMutation, useGetNotificationSettingsQuery, type NotificationMode } from '../notifications.api';
import { modeMessages, notificationMessages as messages } from '../notifications.messages';
import { editorDialogMessages } from './editor-dialogs.messages';
import type { EditorTarget } from './editor-target';
import './notifications.css';

/** The editor's "Benachrichtigungen" button and its dialog: my own mails about this project's sign-ups. */
export function NotificationsButton({ target }: { target: EditorTarget }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}><Icon of={Bell} /> {intl.formatMessage(messages.button)}</button>
      {open && <NotificationsDialog target={target} onClose={() => setOpen(false)} />}
    </>
  );
}

export function NotificationsDialog({ target, onClose }: { target: EditorTarget; onClose: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data } = useGetNotificationSettingsQuery(target);
  const [chosen, setChosen] = useState<NotificationMode | null>(null);
  const [choose, state] = useChooseNotificationsMutation();
  const mode = chosen ?? data?.mode ?? 'off';
  async function submit() {
    const result = await choose({ ...target, mode });
    if (result.data) {
      onClose();
      dispatch(popupShown({ message: messages.saved, tone: 'success' }));
    }
  }
  return (
    <DialogForm
      title={intl.formatMessage(messages.title)}
      onClose={onClose}
      lead={<p>{intl.formatMessage(messages.intro)}</p>}
      error={state.error}
      submitLabel={editorDialogMessages.save}
      submitDisabled={state.isLoading || data === undefined}
      onSubmit={submit}
    >
      <fieldset className="plain-fieldset notification-modes">
        <legend>{intl.formatMessage(messages.legend)}</legend>
        {NOTIFICATION_MODES.map((option) => (
          <label key={option} className="notification-modes__option">
            <input type="radio" name="notification-mode" value={option} checked={mode === option} disabled={data === undefined} onChange={() => setChosen(option)} />
            <span>{intl.formatMessage(modeMessages[option])}</span>
          </label>
        ))}
      </fieldset>
    </DialogForm>
  );
}
