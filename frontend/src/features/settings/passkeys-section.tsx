import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiErrorAlert, TextField } from '../../shared/form';
import { creationOptionsFromJson, passkeysAvailable, toBase64Url } from '../accounts';
import {
  useFinishPasskeyRegistrationMutation, useGetSecondFactorStatusQuery, useRemovePasskeyMutation, useStartPasskeyRegistrationMutation,
} from './settings.api';
import { secureMessages } from './settings.messages';

// Passkeys of the account: list, add (navigator.credentials.create) and remove.
export function PasskeysSection() {
  const intl = useIntl();
  const { data: status } = useGetSecondFactorStatusQuery();
  const [start, startState] = useStartPasskeyRegistrationMutation();
  const [finish, finishState] = useFinishPasskeyRegistrationMutation();
  const [remove, removeState] = useRemovePasskeyMutation();
  const [name, setName] = useState('');
  const [failed, setFailed] = useState(false);
  const supported = passkeysAvailable();
  const date = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : intl.formatMessage(secureMessages.never));

  async function add() {
    // A new attempt: the previous one's refusal must not stand beside this one's outcome.
    setFailed(false);
    startState.reset();
    finishState.reset();
    const options = await start();
    if (!options.data) return;
    try {
      const credential = await navigator.credentials.create({ publicKey: creationOptionsFromJson(options.data.conf) });
      if (!(credential instanceof PublicKeyCredential)) throw new Error('no credential');
      const response = credential.response as AuthenticatorAttestationResponse;
      const attachment = credential.authenticatorAttachment;
      const result = await finish({
        id: options.data.id,
        name: name.trim(),
        credential: {
          id: credential.id,
          rawId: toBase64Url(credential.rawId),
          type: 'public-key',
          response: {
            clientDataJSON: toBase64Url(response.clientDataJSON),
            attestationObject: toBase64Url(response.attestationObject),
            transports: typeof response.getTransports === 'function' ? response.getTransports() : undefined,
          },
          ...(attachment === 'platform' || attachment === 'cross-platform' ? { authenticatorAttachment: attachment } : {}),
          clientExtensionResults: { ...credential.getClientExtensionResults() },
        },
      });
      if (result.data) setName('');
    } catch {
      setFailed(true);
    }
  }

  return (
    <section className="card" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{intl.formatMessage(secureMessages.passkeysTitle)}</h2>
      <p>{intl.formatMessage(secureMessages.passkeysIntro)}</p>
      {status && status.passkeys.length === 0 && <p className="hint">{intl.formatMessage(secureMessages.noPasskeys)}</p>}
      {status && status.passkeys.length > 0 && (
        <table className="table" aria-label={intl.formatMessage(secureMessages.passkeysTitle)}>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(secureMessages.passkeyName)}</th>
              <th scope="col">{intl.formatMessage(secureMessages.registered)}</th>
              <th scope="col">{intl.formatMessage(secureMessages.lastUsed)}</th>
              <th scope="col"><span className="visually-hidden">{intl.formatMessage(secureMessages.removePasskey)}</span></th>
            </tr>
          </thead>
          <tbody>
            {status.passkeys.map((passkey) => {
              const label = passkey.name || intl.formatMessage(secureMessages.unnamed);
              return (
                <tr key={passkey.credentialId}>
                  <td>{label}</td>
                  <td>{date(passkey.registeredAt)}</td>
                  <td>{date(passkey.lastUsedAt)}</td>
                  <td>
                    <button type="button" className="button" disabled={removeState.isLoading}
                      aria-label={`${intl.formatMessage(secureMessages.removePasskey)}: ${label}`}
                      onClick={() => void remove(passkey.credentialId)}>
                      {intl.formatMessage(secureMessages.removePasskey)}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {supported ? (
        <div className="form">
          <TextField label={intl.formatMessage(secureMessages.passkeyName)} value={name} onValueChange={setName} maxLength={100} />
          <button type="button" className="button button--primary" disabled={startState.isLoading || finishState.isLoading} onClick={() => void add()}>
            {intl.formatMessage(secureMessages.addPasskey)}
          </button>
        </div>
      ) : (
        <p className="hint">{intl.formatMessage(secureMessages.noPasskeySupport)}</p>
      )}
      {failed && <p className="alert alert--danger" role="alert">{intl.formatMessage(secureMessages.passkeyFailed)}</p>}
      <ApiErrorAlert error={startState.error ?? finishState.error ?? removeState.error} />
    </section>
  );
}
