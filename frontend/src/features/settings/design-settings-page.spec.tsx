import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { signedIn } from '../../app/auth.slice';
import { Popup } from '../../app/popup';
import { createStore } from '../../app/store';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { DesignSettingsPage } from './design-settings-page';

const me = {
  uid: '0b9a4c1e-dddd-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};
const preferencesPath = `/v5/user/${me.uid}/ui`;

function renderSignedIn() {
  const store = createStore();
  store.dispatch(signedIn(me));
  return renderConsole(<><DesignSettingsPage /><Popup /></>, { store });
}

describe('DesignSettingsPage', () => {
  it('shows the current theme, sidebar mode and view as chosen', () => {
    renderSignedIn();
    expect(screen.getByRole('group', { name: 'Design' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Hell' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Je nach Seite ein- oder ausblenden' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Kacheln' })).toBeChecked();
    expect(screen.getByText('Deine Wahl gilt auf allen Geräten, auf denen du angemeldet bist.')).toBeVisible();
  });

  it('applies a choice at once and saves it with the account', async () => {
    answer('PUT', preferencesPath, { theme: 'dark', sidebar: 1, viewOpt: 'grid', shortcut: [], checkpoint: 'c1' });
    const { user, store } = renderSignedIn();
    await user.click(screen.getByRole('radio', { name: 'Dunkel' }));
    expect(screen.getByRole('radio', { name: 'Dunkel' })).toBeChecked();
    expect(store.getState().preferences.theme).toBe('dark');
    expect(await screen.findByText('Gespeichert')).toBeVisible();
    expect(fetchCalls('PUT', preferencesPath)[0]?.body).toEqual({ mode: 'settings', data: { theme: 'dark' } });
  });

  it('saves the sidebar mode and the view', async () => {
    answer('PUT', preferencesPath, { theme: 'default', sidebar: 2, viewOpt: 'list', shortcut: [], checkpoint: 'c1' });
    const { user } = renderSignedIn();
    await user.click(screen.getByRole('radio', { name: 'Immer anzeigen' }));
    await user.click(screen.getByRole('radio', { name: 'Liste' }));
    await waitFor(() => expect(fetchCalls('PUT', preferencesPath)).toHaveLength(2));
    expect(fetchCalls('PUT', preferencesPath).map((call) => call.body)).toEqual([
      { mode: 'settings', data: { sidebar: 2 } }, { mode: 'settings', data: { viewOpt: 'list' } },
    ]);
    expect(screen.getByRole('radio', { name: 'Liste' })).toBeChecked();
  });

  it('shows an error of the server and keeps the choice on this device', async () => {
    answerError('PUT', preferencesPath, { status: 500, intern: null, text: 'boom' });
    const { user, store } = renderSignedIn();
    await user.click(screen.getByRole('radio', { name: 'Hoher Kontrast' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Es ist ein Fehler aufgetreten. Bitte versuche es erneut.');
    expect(store.getState().preferences.theme).toBe('contrast');
    expect(screen.queryByText('Gespeichert')).not.toBeInTheDocument();
  });

  it('applies a choice without an account but saves nothing', async () => {
    const { user, store } = renderConsole(<DesignSettingsPage />);
    await user.click(screen.getByRole('radio', { name: 'Dunkel mit hohem Kontrast' }));
    expect(store.getState().preferences.theme).toBe('dark-contrast');
    expect(fetchCalls('PUT')).toEqual([]);
  });
});
