import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { SessionAnswer } from '../../app/auth.api';
import { ApiErrorAlert } from '../../shared/form';
import { useVersionInfo } from '../update';
import { useFinishPasskeyLoginMutation, useStartPasskeyLoginMutation, useStartSocialLoginMutation } from './accounts.api';
import { loginMessages, socialLoginMessage } from './accounts.messages';
import { passkeysAvailable, requestOptionsFromJson, toBase64Url } from './webauthn';

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook', microsoft: 'Microsoft' };

// The configured social providers are the keys of `social` in the version info (spec 3, 7).
function socialProviders(social: unknown): string[] {
  if (typeof social !== 'object' || social === null || Array.isArray(social)) return [];
  return Object.entries(social).filter(([, value]) => value !== false && value !== null).map(([name]) => name);
}

/** Passkey login (WebAuthn) and the social login buttons (spec section 4, login session). */
export function AlternativeLogins({ onSession }: { onSession: (answer: SessionAnswer) => void }) {
  const intl = useIntl();
  const { info } = useVersionInfo();
  const providers = socialProviders(info?.social);
  const [startPasskey, startState] = useStartPasskeyLoginMutation();
  const [finishPasskey, finishState] = useFinishPasskeyLoginMutation();
  const [startSocial, socialState] = useStartSocialLoginMutation();
  const [cancelled, setCancelled] = useState(false);
  const canPasskey = passkeysAvailable();

  async function passkeyLogin() {
    // A new attempt: the previous one's refusal must not stand beside this one's outcome.
    setCancelled(false);
    startState.reset();
    finishState.reset();
    const options = await startPasskey();
    if (!options.data) return;
    try {
      const credential = await navigator.credentials.get({ publicKey: requestOptionsFromJson(options.data.conf) });
      if (!(credential instanceof PublicKeyCredential)) throw new Error('no credential');
      const response = credential.response as AuthenticatorAssertionResponse;
      const result = await finishPasskey({
        id: options.data.id,
        rawId: toBase64Url(credential.rawId),
        clientDataJSON: toBase64Url(response.clientDataJSON),
        authenticatorData: toBase64Url(response.authenticatorData),
        signature: toBase64Url(response.signature),
        userHandle: response.userHandle ? toBase64Url(response.userHandle) : '',
      });
      if (result.data) onSession(result.data);
    } catch {
      setCancelled(true);
    }
  }

  async function socialLogin(provider: string) {
    const result = await startSocial({ provider, origin: window.location.origin });
    if (result.data) window.location.assign(result.data.url);
  }

  if (!canPasskey && providers.length === 0) return null;
  return (
    <section className="form">
      <p className="divider">{intl.formatMessage(loginMessages.or)}</p>
      <div className="actions">
        {canPasskey && (
          <button type="button" className="button" onClick={() => void passkeyLogin()} disabled={startState.isLoading || finishState.isLoading}>
            {intl.formatMessage(loginMessages.passkey)}
          </button>
        )}
        {providers.map((provider) => (
          <button key={provider} type="button" className="button" onClick={() => void socialLogin(provider)} disabled={socialState.isLoading}>
            {intl.formatMessage(socialLoginMessage, { provider: PROVIDER_NAMES[provider] ?? provider })}
          </button>
        ))}
      </div>
      {cancelled && <p className="alert alert--danger" role="alert">{intl.formatMessage(loginMessages.passkeyFailed)}</p>}
      <ApiErrorAlert error={startState.error ?? finishState.error ?? socialState.error} />
    </section>
  );
}
