import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Popup } from '../../app/popup';
import { answer, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { AuthSettingsPage, groupByDevice } from './auth-settings-page';

const session = (n: number, deviceId: string, device: string, current: boolean, method = 'password', lastUsed = '2027-03-02T18:30:00.000Z') => ({
  id: `0b9a4c1e-cccc-4aaa-8bbb-00000000000${n}`, device, deviceId, method, created: `2027-03-0${n}T09:00:00.000Z`, lastUsed, current,
});
const here = session(1, 'DeviceHere', 'Firefox Linux', true);
const phoneA = session(2, 'DevicePhon', 'Safari iPhone', false, 'passkey', '2027-03-03T08:00:00.000Z');
const phoneB = session(3, 'DevicePhon', 'Safari iPhone', false, 'password', '2027-03-05T07:15:00.000Z');
const unnamed = session(4, 'DeviceOld0', '', false, 'social', '2027-03-01T10:00:00.000Z');

describe('groupByDevice', () => {
  it('puts the sessions of one device together: first sign-in, last activity, every method', () => {
    const devices = groupByDevice([unnamed, phoneA, here, phoneB]);
    expect(devices.map((device) => device.deviceId)).toEqual(['DeviceHere', 'DevicePhon', 'DeviceOld0']);
    expect(devices[1]).toMatchObject({ since: phoneA.created, lastSeen: phoneB.lastUsed, methods: ['passkey', 'password'], sessionIds: [phoneA.id, phoneB.id] });
  });
});

describe('AuthSettingsPage', () => {
  it('lists each device once with when it was last active and how it signed in, this device first and without a sign-out', async () => {
    answer('GET', '/v5/user/sessions', { sessions: [unnamed, phoneA, here, phoneB] });
    renderConsole(<AuthSettingsPage />);
    const list = await screen.findByRole('list', { name: 'Angemeldete Geräte' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Firefox Linux');
    expect(within(items[0]!).getByText('Dieses Gerät')).toBeVisible();
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Zuletzt aktiv: 05.03.2027');
    expect(items[1]).toHaveTextContent('2 Anmeldungen');
    expect(items[1]).toHaveTextContent('Angemeldet mit: Passkey und Passwort');
    expect(within(items[2]!).getByRole('button', { name: 'Unbenanntes Gerät abmelden' })).toBeEnabled();
    expect(items[2]).toHaveTextContent('Social Login');
    expect(screen.queryByText(/DevicePhon|password|passkey/)).not.toBeInTheDocument();
  });

  it('signs a device out by ending each of its sessions', async () => {
    answer('GET', '/v5/user/sessions', { sessions: [here, phoneA, phoneB] });
    answer('DELETE', `/v5/user/sessions/${phoneA.id}`, { ended: 1, checkpoint: 'c1' });
    answer('DELETE', `/v5/user/sessions/${phoneB.id}`, { ended: 1, checkpoint: 'c2' });
    const { user } = renderConsole(<><AuthSettingsPage /><Popup /></>);
    await user.click(await screen.findByRole('button', { name: 'Safari iPhone abmelden' }));
    expect(await screen.findByText('2 Anmeldungen beendet')).toBeVisible();
    expect(fetchCalls('DELETE').map((call) => call.path)).toEqual([`/v5/user/sessions/${phoneA.id}`, `/v5/user/sessions/${phoneB.id}`]);
  });

  it('signs every other device out at once, and offers nothing when this device is alone', async () => {
    answer('GET', '/v5/user/sessions', { sessions: [here, phoneA] });
    answer('DELETE', '/v5/user/sessions', { ended: 1, checkpoint: 'c1' });
    const { user } = renderConsole(<><AuthSettingsPage /><Popup /></>);
    const button = await screen.findByRole('button', { name: 'Alle anderen Geräte abmelden' });
    answer('GET', '/v5/user/sessions', { sessions: [here] });
    await user.click(button);
    await waitFor(() => expect(fetchCalls('DELETE', '/v5/user/sessions')).toHaveLength(1));
    expect(fetchCalls('DELETE', '/v5/user/sessions')[0]?.query.get('others')).toBe('true');
    expect(await screen.findByText('Nur dieses Gerät ist angemeldet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Alle anderen Geräte abmelden' })).toBeDisabled();
  });
});
