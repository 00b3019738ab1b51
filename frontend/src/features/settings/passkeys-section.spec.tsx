import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { PasskeysSection } from './passkeys-section';

const passkey = (credentialId: string, name: string | null) => ({
  credentialId, name, transports: ['internal'], registeredAt: '2027-01-01T10:00:00.000Z', lastUsedAt: null,
});
const status = (passkeys: ReturnType<typeof passkey>[]) => ({ totp: { enabled: false, pending: false, recoveryCodesLeft: 0 }, passkeys });

afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

describe('PasskeysSection', () => {
  it('says when the browser has no passkeys and when none is registered', async () => {
    answer('GET', '/v5/auth/2fa', status([]));
    renderConsole(<PasskeysSection />);
    expect(await screen.findByText('Noch keine Passkeys.')).toBeVisible();
    expect(screen.getByText('Dieser Browser unterstützt keine Passkeys.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Passkey hinzufügen' })).not.toBeInTheDocument();
  });

  it('offers an optional name of at most 100 characters where the browser has passkeys', async () => {
    answer('GET', '/v5/auth/2fa', status([]));
    Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
    Object.defineProperty(navigator, 'credentials', { value: {}, configurable: true });
    renderConsole(<PasskeysSection />);
    const name = screen.getByLabelText('Name des Passkeys (optional)');
    expect(name).not.toBeRequired();
    expect(name).toHaveAttribute('maxLength', '100');
    expect(screen.getByRole('button', { name: 'Passkey hinzufügen' })).toBeEnabled();
  });

  it('lists the passkeys, an unnamed one by its placeholder, each removable', async () => {
    answer('GET', '/v5/auth/2fa', status([passkey('cred-1', 'Laptop'), passkey('cred-2', null)]));
    answer('DELETE', '/v5/webauthn/passkeys/cred-2', { checkpoint: 'c1' });
    const { user } = renderConsole(<PasskeysSection />);
    const table = await screen.findByRole('table', { name: 'Passkeys' });
    expect(within(table).getByText('Laptop')).toBeVisible();
    expect(within(table).getByText('Passkey ohne Namen')).toBeVisible();
    await user.click(within(table).getByRole('button', { name: 'Entfernen: Passkey ohne Namen' }));
    await waitFor(() => expect(fetchCalls('DELETE', '/v5/webauthn/passkeys/cred-2')).toHaveLength(1));
  });
});
