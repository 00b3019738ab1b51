import { useIntl } from 'react-intl';
import { DateTimeField } from '../../../shared/date-time-field';
import type { ListWindow } from '../projects.api';
import { editorDialogMessages as messages } from './editor-dialogs.messages';

/** The sign-up window as the local texts of its three date-time fields ("2027-06-01T09:30"). */
export interface WindowDraft {
  opensAt: string;
  closesAt: string;
  endsAt: string;
}

/** ISO instant → local date-time text of a field. */
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
        <DateTimeField kind="datetime" label={intl.formatMessage(messages.opensAt)} value={window.opensAt} onValueChange={(opensAt) => onChange({ ...window, opensAt })} />
        <DateTimeField kind="datetime" label={intl.formatMessage(messages.closesAt)} value={window.closesAt} onValueChange={(closesAt) => onChange({ ...window, closesAt })} />
        <DateTimeField kind="datetime" label={intl.formatMessage(messages.endsAt)} value={window.endsAt} onValueChange={(endsAt) => onChange({ ...window, endsAt })} />
      </div>
    </fieldset>
  );
}
