import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { answer, fetchCalls } from '../shared/testing/fetch-stub';
import { renderConsole } from '../shared/testing/render';
import { signedIn } from './auth.slice';
import { ThemeToggle } from './shell-controls';
import { useShellKeyboard } from './shell/use-shell-keyboard';
import { createStore } from './store';

const me = {
  uid: '0b9a4c1e-9999-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};
const preferencesPath = `/v5/user/${me.uid}/ui`;
const saved = { theme: 'dark', sidebar: 1, viewOpt: 'grid', shortcut: [], checkpoint: 'c1' };

function Shell() {
  useShellKeyboard();
  return <ThemeToggle />;
}

function renderShell({ signIn }: { signIn: boolean }) {
  answer('PUT', preferencesPath, saved);
  const store = createStore();
  if (signIn) store.dispatch(signedIn(me));
  return renderConsole(<Shell />, { store });
}

describe('choosing a theme (toggle and Ctrl+1…4)', () => {
  it('saves the theme of a shortcut as the user\'s preference, like the toggle', async () => {
    const { user, store } = renderShell({ signIn: true });
    await user.keyboard('{Control>}3{/Control}');
    expect(store.getState().preferences.theme).toBe('dark-contrast');
    await waitFor(() => expect(fetchCalls('PUT', preferencesPath)).toHaveLength(1));
    expect(fetchCalls('PUT', preferencesPath)[0]?.body).toEqual({ mode: 'settings', data: { theme: 'dark-contrast' } });

    await user.click(screen.getByRole('button', { name: 'Dunkles Design' }));
    expect(store.getState().preferences.theme).toBe('dark');
    await waitFor(() => expect(fetchCalls('PUT', preferencesPath)).toHaveLength(2));
    expect(fetchCalls('PUT', preferencesPath)[1]?.body).toEqual({ mode: 'settings', data: { theme: 'dark' } });
  });

  it('keeps the choice on this device only while signed out', async () => {
    const { user, store } = renderShell({ signIn: false });
    await user.keyboard('{Control>}2{/Control}');
    expect(store.getState().preferences.theme).toBe('dark');
    expect(JSON.parse(localStorage.getItem('planwerk.preferences') ?? '{}')).toMatchObject({ theme: 'dark' });
    expect(fetchCalls('PUT', preferencesPath)).toHaveLength(0);
  });
});
