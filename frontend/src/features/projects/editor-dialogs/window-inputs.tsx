import { useIntl } from 'react-intl';
import { TextField } from '../../../shared/form';
import type { ListWindow } from '../projects.api';
import { editorDialogMessages as messages } from './editor-dialogs.messages';

/** The sign-up window as the values of its three datetime-local inputs. */
export interface WindowDraft {
  opensAt: string;
  closesAt: string;
  endsAt: string;
}

/** ISO instant → value of a datetime-local input (local time). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInput(value: string): string | null {
  return value === '' ? null : new Date(value).toISOString();
}

export function windowOf(window: WindowDraft): ListWindow {
  return { opensAt: fromLocalInput(window.opensAt), closesAt: fromLocalInput(window.closesAt), endsAt: fromLocalInput(window.endsAt) };
}

export function WindowInputs({ window, onChange }: { window: WindowDraft; onChange: (window: WindowDraft) => void }) {
  const intl = useIntl();
  return (
    <fieldset className="fieldset">
      <legend>{intl.formatMessage(messages.window)}</legend>
      <div className="field-row">
        <TextField label={intl.formatMessage(messages.opensAt)} type="datetime-local" value={window.opensAt} onValueChange={(opensAt) => onChange({ ...window, opensAt })} />
        <TextField label={intl.formatMessage(messages.closesAt)} type="datetime-local" value={window.closesAt} onValueChange={(closesAt) => onChange({ ...window, closesAt })} />
        <TextField label={intl.formatMessage(messages.endsAt)} type="datetime-local" value={window.endsAt} onValueChange={(endsAt) => onChange({ ...window, endsAt })} />
      </div>
    </fieldset>
  );
}
