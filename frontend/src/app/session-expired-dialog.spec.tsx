import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { signedIn, sessionExpired } from './auth.slice';
import { SessionExpiredDialog } from './session-expired-dialog';
import { createStore } from './store';
import { renderConsole } from '../shared/testing/render';

const me = {
  uid: '0b9a4c1e-eeee-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};

function renderExpired() {
  const store = createStore();
  store.dispatch(signedIn(me));
  const rendered = renderConsole(
    <>
      <SessionExpiredDialog />
      <Routes>
        <Route path="/" element={<p>Startseite</p>} />
        <Route path="/login" element={<p>Anmeldeseite</p>} />
        <Route path="/team/tsv" element={<p>Teamseite</p>} />
      </Routes>
    </>,
    { store, path: '/team/tsv' },
  );
  act(() => {
    store.dispatch(sessionExpired());
  });
  return rendered;
}

describe('SessionExpiredDialog', () => {
  it('is closed while the session holds', () => {
    renderConsole(<SessionExpiredDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the session expired and offers Back and Sign in; Escape does not close it', async () => {
    const { user } = renderExpired();
    const dialog = screen.getByRole('dialog', { name: 'Abgemeldet' });
    expect(dialog).toHaveAccessibleDescription('Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.');
    await user.keyboard('{Escape}');
    expect(dialog).toBeVisible();
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeVisible();
  });

  it('goes to the login page with Sign in and keeps the session marked expired for the held calls', async () => {
    const { user, store } = renderExpired();
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByText('Anmeldeseite')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ status: 'signedIn', expired: true });
  });

  it('ends the session and goes to the start page with Back', async () => {
    const { user, store } = renderExpired();
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(screen.getByText('Startseite')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ status: 'signedOut', user: null, expired: false });
  });
});
