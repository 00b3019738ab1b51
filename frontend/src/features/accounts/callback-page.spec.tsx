import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { Popup } from '../../app/popup';
import { getDeviceId } from '../../app/session';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { CallbackPage } from './callback-page';

const user = {
  uid: '0b9a4c1e-cbcb-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'social', status: 'active', mail_status: 'confirmed',
};
const state = 'state-0123456789abcdef';
const completed = (action: 'login' | 'setup') => ({
  action, uid: user.uid, token: 'social-token.dev', origin: 'http://localhost', checkpoint: 'c1',
  setup: action === 'setup' ? { uid: user.uid, mail: user.mail, vorname: 'Ada', nachname: 'Lovelace', provider: 'google' } : null,
});

function renderCallback(search: string) {
  return renderConsole(
    <>
      <Routes>
        <Route path="/callback" element={<CallbackPage />} />
        <Route path="/" element={<p>Startseite</p>} />
        <Route path="/team/tsv" element={<p>Team-Seite</p>} />
      </Routes>
      <Popup />
    </>,
    { path: `/callback${search}` },
  );
}

describe('CallbackPage', () => {
  it('says the login could not be completed without a state, and sends nothing', () => {
    renderCallback('?code=abc');
    expect(screen.getByRole('heading', { name: 'Anmeldung wird abgeschlossen' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Die Anmeldung konnte nicht abgeschlossen werden.');
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login');
    expect(fetchCalls()).toEqual([]);
  });

  it('completes the login with the parameters of the provider, then signs in and goes to the start', async () => {
    const release = hold('POST', '/v5/auth/social/state', completed('login'));
    answer('PUT', '/v5/auth/token', { token: 'session-token.dev', user });
    const { store } = renderCallback(`?state=${state}&code=the-code&iss=https%3A%2F%2Faccounts.example.org`);
    expect(screen.getByText('Einen Moment, wir melden dich an …')).toHaveRole('status');
    expect(screen.queryByRole('link', { name: 'Zur Anmeldung' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('Startseite')).toBeVisible();
    expect(fetchCalls('POST', '/v5/auth/social/state')[0]?.body).toEqual({
      state, device: getDeviceId(), name: navigator.userAgent.slice(0, 15), code: 'the-code', iss: 'https://accounts.example.org',
    });
    expect(fetchCalls('PUT', '/v5/auth/token')[0]?.body).toEqual({ token: 'social-token.dev' });
    expect(store.getState().auth.status).toBe('signedIn');
    expect(store.getState().auth.user?.uid).toBe(user.uid);
    expect(screen.queryByText('Willkommen, Ada! Dein Konto wurde angelegt.')).not.toBeInTheDocument();
  });

  it('returns to the route stored before the login', async () => {
    localStorage.setItem('planwerk.lastRoute', '/team/tsv');
    answer('POST', '/v5/auth/social/state', completed('login'));
    answer('PUT', '/v5/auth/token', { token: 'session-token.dev', user });
    renderCallback(`?state=${state}&code=the-code`);
    expect(await screen.findByText('Team-Seite')).toBeVisible();
  });

  it('welcomes a person whose account the login created', async () => {
    answer('POST', '/v5/auth/social/state', completed('setup'));
    answer('PUT', '/v5/auth/token', { token: 'session-token.dev', user });
    renderCallback(`?state=${state}&code=the-code`);
    expect(await screen.findByText('Willkommen, Ada! Dein Konto wurde angelegt.')).toBeVisible();
    expect(screen.getByText('Startseite')).toBeVisible();
  });

  it('passes a refusal of the provider on and shows the answer with a way back to the login', async () => {
    answerError('POST', '/v5/auth/social/state', { status: 400, intern: null, text: 'Die Anmeldung wurde beim Anbieter abgebrochen.' });
    const { store } = renderCallback(`?state=${state}&error=access_denied&error_description=User+cancelled`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Anmeldung wurde beim Anbieter abgebrochen.');
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login');
    expect(fetchCalls('POST', '/v5/auth/social/state')[0]?.body).toMatchObject({ state, error: 'access_denied', error_description: 'User cancelled' });
    expect(fetchCalls('PUT', '/v5/auth/token')).toEqual([]);
    expect(store.getState().auth.status).not.toBe('signedIn');
  });

  it('shows a failed session start after the provider answered, with a way back to the login', async () => {
    answer('POST', '/v5/auth/social/state', completed('login'));
    answerError('PUT', '/v5/auth/token', { status: 500, intern: null, text: 'boom' });
    const { store } = renderCallback(`?state=${state}&code=the-code`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Es ist ein Fehler aufgetreten. Bitte versuche es erneut.');
    expect(screen.queryByText('Einen Moment, wir melden dich an …')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login');
    expect(store.getState().auth.status).not.toBe('signedIn');
  });
});
