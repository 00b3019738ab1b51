import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import type { SessionAnswer } from '../../app/auth.api';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { queryAnswered } from '../../shared/testing/query-state';
import { renderConsole } from '../../shared/testing/render';
import { AlternativeLogins } from './alternative-logins';

const user = {
  uid: '0b9a4c1e-a1a1-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};
const challengeId = '0b9a4c1e-a1a1-4aaa-8bbb-000000000002';
const versionInfo = (social: Record<string, unknown>) => ({
  version: { web: '2025.4.0', android: '2025.4.0', ios: '2025.4.0' }, social, conf: {}, action: [],
});
const bytes = (...values: number[]) => new Uint8Array(values).buffer;

// The browser's WebAuthn as far as the login uses it: a credential class and navigator.credentials.
class FakeCredential {
  constructor(readonly rawId: ArrayBuffer, readonly response: Record<string, ArrayBuffer | null>) {}
}

function offerPasskeys(get: (options: CredentialRequestOptions) => Promise<unknown>) {
  Object.assign(window, { PublicKeyCredential: FakeCredential });
  Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
}

afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  window.location.hash = '';
});

function renderLogins() {
  const sessions: SessionAnswer[] = [];
  const rendered = renderConsole(<AlternativeLogins onSession={(session) => sessions.push(session)} />);
  return { ...rendered, sessions };
}

describe('AlternativeLogins', () => {
  it('shows nothing where the browser has no passkeys and no provider is configured', async () => {
    answer('GET', '/v5/update/version', versionInfo({ google: false }));
    const { container, store } = renderLogins();
    await queryAnswered(store, 'getVersionInfo');
    expect(container).toBeEmptyDOMElement();
  });

  it('offers a button for each configured provider, none for a switched-off one', async () => {
    answer('GET', '/v5/update/version', versionInfo({ google: { clientId: 'g' }, apple: false, microsoft: {}, keycloak: {} }));
    renderLogins();
    expect(await screen.findByRole('button', { name: 'Mit Google anmelden' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mit Microsoft anmelden' })).toBeEnabled();
    // A provider without a known name is offered by its key.
    expect(screen.getByRole('button', { name: 'Mit keycloak anmelden' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Mit Apple anmelden' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mit Passkey anmelden' })).not.toBeInTheDocument();
    expect(screen.getByText('oder')).toBeVisible();
  });

  it('starts the social login with the provider and this origin and follows the address answered', async () => {
    answer('GET', '/v5/update/version', versionInfo({ google: {} }));
    answer('POST', '/v5/auth/social/login', { url: 'http://localhost/#google-consent' });
    const { user: person } = renderLogins();
    await person.click(await screen.findByRole('button', { name: 'Mit Google anmelden' }));
    await waitFor(() => expect(window.location.hash).toBe('#google-consent'));
    expect(fetchCalls('POST', '/v5/auth/social/login')[0]?.body).toEqual({ provider: 'google', origin: 'http://localhost' });
  });

  it('shows why a social login cannot start', async () => {
    answer('GET', '/v5/update/version', versionInfo({ google: {} }));
    answerError('POST', '/v5/auth/social/login', { status: 400, intern: null, text: 'Dieser Anbieter ist nicht eingerichtet.' });
    const { user: person } = renderLogins();
    await person.click(await screen.findByRole('button', { name: 'Mit Google anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Anbieter ist nicht eingerichtet.');
    expect(window.location.hash).toBe('');
  });

  it('signs in with a passkey: the challenge goes to the browser, its assertion to the server', async () => {
    answer('GET', '/v5/update/version', versionInfo({}));
    answer('POST', '/v5/webauthn/login', { id: challengeId, conf: { challenge: 'AQID', rpId: 'localhost', userVerification: 'required' } });
    answer('PUT', '/v5/webauthn/login', { token: 'passkey-token.dev', user });
    const requests: CredentialRequestOptions[] = [];
    offerPasskeys(async (options) => {
      requests.push(options);
      return new FakeCredential(bytes(1, 2, 3, 251), {
        clientDataJSON: bytes(4, 5, 6), authenticatorData: bytes(7, 8, 9), signature: bytes(10, 11, 12), userHandle: bytes(13, 14),
      });
    });
    const { user: person, sessions } = renderLogins();
    await person.click(screen.getByRole('button', { name: 'Mit Passkey anmelden' }));
    await waitFor(() => expect(sessions).toHaveLength(1));
    expect(sessions[0]?.token).toBe('passkey-token.dev');
    const challenge = requests[0]?.publicKey?.challenge;
    expect(challenge instanceof ArrayBuffer ? [...new Uint8Array(challenge)] : challenge).toEqual([1, 2, 3]);
    expect(requests[0]?.publicKey?.rpId).toBe('localhost');
    expect(fetchCalls('PUT', '/v5/webauthn/login')[0]?.body).toEqual({
      id: challengeId, rawId: 'AQID-w', clientDataJSON: 'BAUG', authenticatorData: 'BwgJ', signature: 'CgsM', userHandle: 'DQ4',
    });
  });

  it('says when the passkey was refused, and clears that on the next attempt', async () => {
    answer('GET', '/v5/update/version', versionInfo({}));
    answer('POST', '/v5/webauthn/login', { id: challengeId, conf: { challenge: 'AQID' } });
    let refuse = true;
    offerPasskeys(async () => {
      if (refuse) throw new DOMException('The operation was cancelled.', 'NotAllowedError');
      return new Promise(() => undefined);
    });
    const onSession = jest.fn();
    const { user: person } = renderConsole(<AlternativeLogins onSession={onSession} />);
    await person.click(screen.getByRole('button', { name: 'Mit Passkey anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Anmeldung mit dem Passkey wurde abgebrochen oder ist fehlgeschlagen.');
    expect(fetchCalls('PUT', '/v5/webauthn/login')).toEqual([]);
    expect(onSession).not.toHaveBeenCalled();

    refuse = false;
    await person.click(screen.getByRole('button', { name: 'Mit Passkey anmelden' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('shows the refusal of the server and starts no session', async () => {
    answer('GET', '/v5/update/version', versionInfo({}));
    answer('POST', '/v5/webauthn/login', { id: challengeId, conf: { challenge: 'AQID' } });
    answerError('PUT', '/v5/webauthn/login', { status: 400, intern: null, text: 'Dieser Passkey ist nicht registriert.' });
    offerPasskeys(async () => new FakeCredential(bytes(1), { clientDataJSON: bytes(2), authenticatorData: bytes(3), signature: bytes(4), userHandle: bytes(5) }));
    const { user: person, sessions } = renderLogins();
    await person.click(screen.getByRole('button', { name: 'Mit Passkey anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Passkey ist nicht registriert.');
    expect(sessions).toEqual([]);
  });
});
