import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { endSessionLocally } from '../../app/auth-session';
import { ApiErrorAlert, Checkbox, TextField } from '../../shared/form';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { popupShown } from '../../app/ui.slice';
import { useDeleteAccountMutation, useGetSecondFactorStatusQuery } from './settings.api';
import { deleteMessages, settingsMessages } from './settings.messages';

// /settings/delete: the password again (and a code when a second factor is on), then the
// account's personal key is destroyed and every session ends.
export function DeleteSettingsPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: status } = useGetSecondFactorStatusQuery();
  const [pass, setPass] = useState('');
  const [code, setCode] = useState('');
  const [sure, setSure] = useState(false);
  const [deleteAccount, { isLoading, error }] = useDeleteAccountMutation();
  const needsCode = status?.totp.enabled === true;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await deleteAccount({ pass, mode: '2fa', ...(needsCode ? { code: code.trim() } : {}) });
    if (!result.data) return;
    endSessionLocally(dispatch);
    dispatch(popupShown({ message: deleteMessages.done, tone: 'success' }));
    void navigate(paths.start.href(), { replace: true });
  }

  return (
    <section className="card" aria-labelledby="settings-delete">
      <h2 id="settings-delete">{intl.formatMessage(settingsMessages.delete)}</h2>
      <p>{intl.formatMessage(deleteMessages.intro)}</p>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <TextField label={intl.formatMessage(deleteMessages.password)} type="password" autoComplete="current-password" value={pass} onValueChange={setPass} required />
        {needsCode && <TextField label={intl.formatMessage(deleteMessages.code)} value={code} onValueChange={setCode} autoComplete="one-time-code" required />}
        <Checkbox label={intl.formatMessage(deleteMessages.confirm)} checked={sure} onChange={setSure} />
        <ApiErrorAlert error={error} />
        <button type="submit" className="button button--danger" disabled={!sure || pass === '' || isLoading}>{intl.formatMessage(deleteMessages.submit)}</button>
      </form>
    </section>
  );
}
