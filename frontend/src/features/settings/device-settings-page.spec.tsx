import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { Popup } from '../../app/popup';
import { signedIn } from '../../app/auth.slice';
import { createStore } from '../../app/store';
import { languageChosen } from '../../app/preferences.slice';
import { answer, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { DeviceSettingsPage } from './device-settings-page';

const me = { uid: '0b9a4c1e-dddd-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org', type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed' };
const signup = (n: number) => ({ signupId: `s${n}`, listId: 'l', itemId: 'i', token: 't', name: 'Gast', status: 'placed', position: null, at: '2027-01-01T00:00:00Z', version: 1 });

describe('DeviceSettingsPage', () => {
  it('shows language, theme and cookie level of this browser as chosen', () => {
    localStorage.setItem('planwerk.cookieConsent', '1');
    const store = createStore();
    store.dispatch(languageChosen('de'));
    renderConsole(<DeviceSettingsPage />, { store });
    expect(screen.getByRole('heading', { name: 'Dieses Gerät', level: 2 })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Hell' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Nur notwendige Cookies' })).toBeChecked();
  });

  it('switches the language and the cookie level at once', async () => {
    const { user, store } = renderConsole(<DeviceSettingsPage />);
    await user.click(screen.getByRole('radio', { name: 'Italiano' }));
    expect(store.getState().preferences.language).toBe('it');
    await user.click(screen.getByRole('radio', { name: 'Alle Cookies, auch für Statistik' }));
    expect(localStorage.getItem('planwerk.cookieConsent')).toBe('2');
  });

  it('saves the theme with the account when signed in', async () => {
    answer('PUT', `/v5/user/${me.uid}/ui`, { theme: 'dark', sidebar: 1, viewOpt: 'grid', shortcut: [], checkpoint: 'c1' });
    const store = createStore();
    store.dispatch(signedIn(me));
    const { user } = renderConsole(<DeviceSettingsPage />, { store });
    await user.click(screen.getByRole('radio', { name: 'Dunkel' }));
    expect(store.getState().preferences.theme).toBe('dark');
    expect(fetchCalls('PUT', `/v5/user/${me.uid}/ui`)[0]?.body).toEqual({ mode: 'settings', data: { theme: 'dark' } });
  });

  it('counts the visitor sign-ups kept here and removes them after a confirmation', async () => {
    localStorage.setItem('planwerk.linkCache', JSON.stringify([
      { obj: 'link_cache', type: 'prj', id: 'p1', item: [signup(1), signup(2)] },
      { obj: 'link_cache', type: 'prj', id: 'p2', item: [signup(3)] },
    ]));
    const { user } = renderConsole(<><DeviceSettingsPage /><Popup /></>);
    expect(screen.getByText('3 Einträge als Gast in 2 Listen gespeichert.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Vom Gerät entfernen' }));
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(localStorage.getItem('planwerk.linkCache')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Vom Gerät entfernen' }));
    await user.click(screen.getByRole('button', { name: 'Ja, entfernen' }));
    expect(localStorage.getItem('planwerk.linkCache')).toBeNull();
    expect(screen.getByText('Hier sind keine Einträge als Gast gespeichert.')).toBeVisible();
    expect(await screen.findByText('Vom Gerät entfernt')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Vom Gerät entfernen' })).not.toBeInTheDocument();
  });

  it('says when the browser has no notifications and that the console runs in the browser', () => {
    renderConsole(<DeviceSettingsPage />);
    expect(screen.getByText('Dieser Browser kann keine Benachrichtigungen anzeigen.')).toBeVisible();
    expect(screen.getByText(/Planwerk läuft im Browser/)).toBeVisible();
  });

  it('asks for the notification permission and shows the answer', async () => {
    const requestPermission = jest.fn(async () => 'granted' as const);
    Object.defineProperty(globalThis, 'Notification', { configurable: true, value: { permission: 'default', requestPermission } });
    try {
      const { user } = renderConsole(<DeviceSettingsPage />);
      expect(screen.getByText('Noch nicht erlaubt.')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Benachrichtigungen erlauben' }));
      expect(await screen.findByText('Erlaubt: Planwerk darf auf diesem Gerät Hinweise anzeigen.')).toBeVisible();
      expect(requestPermission).toHaveBeenCalledTimes(1);
    } finally {
      delete (globalThis as { Notification?: unknown }).Notification;
    }
  });
});
