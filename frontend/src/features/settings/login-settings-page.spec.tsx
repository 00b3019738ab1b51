import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Popup } from '../../app/popup';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { LoginSettingsPage } from './login-settings-page';

const session = (n: number, device: string, current: boolean, method = 'password') => ({
  id: `0b9a4c1e-cccc-4aaa-8bbb-00000000000${n}`, device, deviceId: `dev-${n}`, method,
  created: '2027-03-01T09:00:00.000Z', lastUsed: '2027-03-02T18:30:00.000Z', current,
});
const here = session(1, 'Firefox Linux', true);
const phone = session(2, 'Safari iPhone', false, 'passkey');
const unnamed = session(3, '', false, 'a-method-from-the-future');

describe('LoginSettingsPage', () => {
  it('lists the sessions, the current one marked and the others with an end button', async () => {
    answer('GET', '/v5/user/sessions', { sessions: [here, phone, unnamed] });
    renderConsole(<LoginSettingsPage />);
    const table = await screen.findByRole('table', { name: 'Aktive Sitzungen' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Firefox Linux');
    expect(within(rows[0]!).getByText('Diese Sitzung')).toBeVisible();
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Beenden: Safari iPhone' })).toBeEnabled();
    // Without a device name the session shows its device id.
    expect(within(rows[2]!).getByRole('button', { name: 'Beenden: dev-3' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Alle anderen Sitzungen abmelden' })).toBeEnabled();
  });

  it('names how each session signed in, in words, never the stored value', async () => {
    answer('GET', '/v5/user/sessions', { sessions: [here, phone, unnamed] });
    renderConsole(<LoginSettingsPage />);
    const rows = within(await screen.findByRole('table', { name: 'Aktive Sitzungen' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelectorAll('td')[1]?.textContent)).toEqual(['Passwort', 'Passkey', 'Andere Anmeldung']);
    expect(screen.queryByText('password')).not.toBeInTheDocument();
  });

  it('cannot end the other sessions when there are none', async () => {
    answer('GET', '/v5/user/sessions', { sessions: [here] });
    renderConsole(<LoginSettingsPage />);
    await screen.findByRole('table', { name: 'Aktive Sitzungen' });
    expect(screen.getByRole('button', { name: 'Alle anderen Sitzungen abmelden' })).toBeDisabled();
  });

  it('ends one session and says so', async () => {
    answer('GET', '/v5/user/sessions', { sessions: [here, phone] });
    answer('DELETE', `/v5/user/sessions/${phone.id}`, { ended: 1, checkpoint: 'c1' });
    const { user } = renderConsole(<><LoginSettingsPage /><Popup /></>);
    await user.click(await screen.findByRole('button', { name: 'Beenden: Safari iPhone' }));
    expect(await screen.findByText('1 Sitzung beendet')).toBeVisible();
    expect(fetchCalls('DELETE', `/v5/user/sessions/${phone.id}`)).toHaveLength(1);
  });

  it('ends every other session, with the button disabled meanwhile', async () => {
    answer('GET', '/v5/user/sessions', { sessions: [here, phone, unnamed] });
    const release = hold('DELETE', '/v5/user/sessions', { ended: 2, checkpoint: 'c1' });
    const { user } = renderConsole(<><LoginSettingsPage /><Popup /></>);
    await screen.findByRole('table', { name: 'Aktive Sitzungen' });
    await user.click(screen.getByRole('button', { name: 'Alle anderen Sitzungen abmelden' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Alle anderen Sitzungen abmelden' })).toBeDisabled());
    release();
    expect(await screen.findByText('2 Sitzungen beendet')).toBeVisible();
    expect(fetchCalls('DELETE', '/v5/user/sessions')).toHaveLength(1);
  });

  it('shows an error of the server', async () => {
    answer('GET', '/v5/user/sessions', { sessions: [here, phone] });
    answerError('DELETE', `/v5/user/sessions/${phone.id}`, { status: 404, intern: 'not_found', text: 'not found' });
    const { user } = renderConsole(<LoginSettingsPage />);
    await user.click(await screen.findByRole('button', { name: 'Beenden: Safari iPhone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nicht gefunden.');
  });
});
