import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { LoginPage } from './login-page';

const user = {
  uid: '0b9a4c1e-2222-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};

function renderLogin() {
  return renderConsole(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<p>Weitergeleitet</p>} />
    </Routes>,
    { path: '/login' },
  );
}

async function fillIn(rendered: ReturnType<typeof renderLogin>, mail = 'ada@example.org', pass = 'geheim123') {
  await rendered.user.type(screen.getByLabelText('E-Mail-Adresse'), mail);
  await rendered.user.type(screen.getByLabelText('Passwort'), pass);
  await rendered.user.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('LoginPage', () => {
  it('asks for e-mail and password, both required, and links to reset and registration', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    expect(screen.getByLabelText('E-Mail-Adresse')).toBeRequired();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Passwort')).toBeRequired();
    expect(screen.getByLabelText('Passwort')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Registrieren' })).toBeVisible();
  });

  it('sends nothing without a password', async () => {
    const rendered = renderLogin();
    await rendered.user.type(screen.getByLabelText('E-Mail-Adresse'), 'ada@example.org');
    await rendered.user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(fetchCalls('PUT', '/v5/auth')).toEqual([]);
  });

  it('signs in with the trimmed e-mail and goes on', async () => {
    answer('PUT', '/v5/auth', { token: 'session-token', user });
    const rendered = renderLogin();
    await fillIn(rendered, '  ada@example.org ');
    expect(await screen.findByText('Weitergeleitet')).toBeVisible();
    expect(fetchCalls('PUT', '/v5/auth')[0]?.body).toMatchObject({ mail: 'ada@example.org', pass: 'geheim123' });
    expect(rendered.store.getState().auth.status).toBe('signedIn');
  });

  it('shows "Anmeldung läuft …" on a disabled button while the call is in flight', async () => {
    const release = hold('PUT', '/v5/auth', { token: 'session-token', user });
    const rendered = renderLogin();
    await fillIn(rendered);
    expect(await screen.findByRole('button', { name: 'Anmeldung läuft …' })).toBeDisabled();
    release();
    expect(await screen.findByText('Weitergeleitet')).toBeVisible();
  });

  it('shows the spec text of a wrong e-mail and password combination', async () => {
    answerError('PUT', '/v5/auth', { status: 400, intern: 6008, text: 'wrong combination' });
    const rendered = renderLogin();
    await fillIn(rendered);
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Kombination aus E-Mail-Adresse und Passwort ist nicht korrekt.');
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
  });

  it('offers the password reset when the password must be reset (6022)', async () => {
    answerError('PUT', '/v5/auth', { status: 400, intern: 6022, text: 'reset' });
    const rendered = renderLogin();
    await fillIn(rendered);
    expect(await screen.findByRole('alert')).toHaveTextContent('Du musst dein Passwort zurücksetzen.');
    expect(screen.getByRole('link', { name: 'Passwort jetzt zurücksetzen' })).toBeVisible();
  });

  it('asks for the second factor when the answer asks for one, and goes back on Abbrechen', async () => {
    answer('PUT', '/v5/auth', { mode: '2fa', state: 'challenge' });
    const rendered = renderLogin();
    await fillIn(rendered);
    expect(await screen.findByText('Gib den 6-stelligen Code aus deiner Authenticator-App ein.')).toBeVisible();
    expect(screen.getByLabelText('Code')).toBeRequired();
    await rendered.user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.getByLabelText('Passwort')).toHaveValue(''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
