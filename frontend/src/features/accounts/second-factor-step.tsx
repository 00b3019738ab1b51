import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { errorCodeOf } from '../../app/api-error';
import { TextField } from '../../shared/form';
import { deviceName, getDeviceId } from '../../app/session';
import { useSecureLoginMutation } from './accounts.api';
import { secondFactorMessages } from './accounts.messages';
import { useFinishLogin } from './use-finish-login';

// Second login step (spec section 4): the answer asked for a code; a TOTP code or a recovery
// code completes the login with the state of that answer.
export function SecondFactorStep({ state, onCancel }: { state: string; onCancel: () => void }) {
  const intl = useIntl();
  const [mode, setMode] = useState<'2fa' | 'recovery'>('2fa');
  const [code, setCode] = useState('');
  const [secureLogin, { isLoading, error }] = useSecureLoginMutation();
  const finishLogin = useFinishLogin();
  const errorCode = errorCodeOf(error);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await secureLogin({ mode, code: code.trim(), state, device: getDeviceId(), name: deviceName() });
    if (result.data) finishLogin(result.data);
  }

  return (
    <form className="form card" onSubmit={(event) => void submit(event)} aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">{intl.formatMessage(secondFactorMessages.title)}</h2>
      <p>{intl.formatMessage(mode === '2fa' ? secondFactorMessages.intro : secondFactorMessages.introRecovery)}</p>
      <TextField
        label={intl.formatMessage(mode === '2fa' ? secondFactorMessages.code : secondFactorMessages.recoveryCode)}
        value={code}
        onValueChange={setCode}
        autoComplete="one-time-code"
        inputMode={mode === '2fa' ? 'numeric' : 'text'}
        required
        autoFocus
      />
      {error && (
        <p className="alert alert--danger" role="alert">
          {intl.formatMessage(errorCode === 6011 ? secondFactorMessages.expired : secondFactorMessages.wrongCode)}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={isLoading || code.trim().length < 6}>
          {intl.formatMessage(secondFactorMessages.submit)}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setMode(mode === '2fa' ? 'recovery' : '2fa');
            setCode('');
          }}
        >
          {intl.formatMessage(mode === '2fa' ? secondFactorMessages.useRecovery : secondFactorMessages.useApp)}
        </button>
        <button type="button" className="button" onClick={onCancel}>{intl.formatMessage(secondFactorMessages.cancel)}</button>
      </div>
    </form>
  );
}
