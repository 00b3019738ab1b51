import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiErrorAlert, TextField } from '../../shared/form';
import {
  useConfirmTotpMutation, useDisableTotpMutation, useGetSecondFactorStatusQuery, useRegenerateRecoveryCodesMutation, useSetUpTotpMutation,
} from './settings.api';
import { recoveryLeftMessage, secureMessages } from './settings.messages';

// TOTP set-up: a new secret (QR code and otpauth URI), confirmed with a current code; the
// recovery codes are shown once after confirming or regenerating.
export function TotpSection() {
  const intl = useIntl();
  const { data: status, error: statusError } = useGetSecondFactorStatusQuery();
  const [setUp, setUpState] = useSetUpTotpMutation();
  const [confirm, confirmState] = useConfirmTotpMutation();
  const [disable, disableState] = useDisableTotpMutation();
  const [regenerate, regenerateState] = useRegenerateRecoveryCodesMutation();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const enabled = status?.totp.enabled === true;
  const failed = confirmState.error ?? disableState.error ?? regenerateState.error;

  async function run(action: 'confirm' | 'disable' | 'regenerate') {
    const body = { code: code.trim() };
    if (action === 'confirm') {
      const result = await confirm(body);
      if (result.data) {
        setCodes(result.data.recoveryCodes);
        setUpState.reset();
      }
    } else if (action === 'regenerate') {
      const result = await regenerate(body);
      if (result.data) setCodes(result.data.recoveryCodes);
    } else {
      const result = await disable(body);
      if (!result.error) setCodes(null);
    }
    setCode('');
  }

  const setup = setUpState.data;
  return (
    <section className="card" aria-labelledby="totp-title">
      <h2 id="totp-title">{intl.formatMessage(secureMessages.totpTitle)}</h2>
      <ApiErrorAlert error={statusError} />
      {status && (
        <p data-testid="totp-status">
          {enabled
            ? `${intl.formatMessage(secureMessages.totpOn)} ${intl.formatMessage(recoveryLeftMessage, { count: status.totp.recoveryCodesLeft })}`
            : intl.formatMessage(secureMessages.totpOff)}
        </p>
      )}
      {codes && (
        <div className="alert alert--info" role="status">
          <strong className="alert__title">{intl.formatMessage(secureMessages.codesTitle)}</strong>
          <p className="alert__text">{intl.formatMessage(secureMessages.codesHint)}</p>
          <ul className="codes" aria-label={intl.formatMessage(secureMessages.codesTitle)}>
            {codes.map((entry) => <li key={entry}>{entry}</li>)}
          </ul>
        </div>
      )}
      {!enabled && !setup && (
        <button type="button" className="button button--primary" disabled={setUpState.isLoading} onClick={() => void setUp()}>
          {intl.formatMessage(secureMessages.setUp)}
        </button>
      )}
      <ApiErrorAlert error={setUpState.error} />
      {!enabled && setup && (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            void run('confirm');
          }}
        >
          <p>{intl.formatMessage(secureMessages.scan)}</p>
          <img className="qr" src={setup.qr} alt={intl.formatMessage(secureMessages.qr)} />
          <p>
            {intl.formatMessage(secureMessages.secret)}: <span className="mono" data-testid="totp-secret">{setup.secret}</span>
            {' · '}
            <a href={setup.url}>{intl.formatMessage(secureMessages.openApp)}</a>
          </p>
          <TextField label={intl.formatMessage(secureMessages.code)} value={code} onValueChange={setCode} inputMode="numeric" autoComplete="one-time-code" required />
          {failed && <p className="alert alert--danger" role="alert">{intl.formatMessage(secureMessages.wrongCode)}</p>}
          <button type="submit" className="button button--primary" disabled={confirmState.isLoading}>{intl.formatMessage(secureMessages.confirm)}</button>
        </form>
      )}
      {enabled && (
        <form className="form" onSubmit={(event) => event.preventDefault()}>
          <TextField label={intl.formatMessage(secureMessages.codeOrRecovery)} value={code} onValueChange={setCode} autoComplete="one-time-code" required />
          {failed && <p className="alert alert--danger" role="alert">{intl.formatMessage(secureMessages.wrongCode)}</p>}
          <div className="actions">
            <button type="button" className="button" disabled={regenerateState.isLoading || code.trim().length < 6}
              onClick={() => void run('regenerate')}>
              {intl.formatMessage(secureMessages.regenerate)}
            </button>
            <button type="button" className="button button--danger" disabled={disableState.isLoading || code.trim().length < 6}
              onClick={() => void run('disable')}>
              {intl.formatMessage(secureMessages.disable)}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
