import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { DeleteSettingsPage } from './delete-settings-page';

const secondFactor = (enabled: boolean) => ({ totp: { enabled, pending: false, recoveryCodesLeft: enabled ? 10 : 0 }, passkeys: [] });

function renderPage(totp = false) {
  answer('GET', '/v5/auth/2fa', secondFactor(totp));
  return renderConsole(
    <Routes>
      <Route path="/settings/delete" element={<DeleteSettingsPage />} />
      <Route path="/" element={<p>Startseite</p>} />
    </Routes>,
    { path: '/settings/delete' },
  );
}

describe('DeleteSettingsPage', () => {
  it('deletes only with the password and the confirmation ticked', async () => {
    const { user } = renderPage();
    expect(screen.getByRole('heading', { name: 'Konto löschen' })).toBeVisible();
    const submit = screen.getByRole('button', { name: 'Konto löschen' });
    expect(screen.getByLabelText('Passwort zur Bestätigung')).toBeRequired();
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Passwort zur Bestätigung'), 'geheim123');
    expect(submit).toBeDisabled();
    await user.click(screen.getByLabelText('Ich möchte mein Konto endgültig löschen.'));
    expect(submit).toBeEnabled();
  });

  it('asks for the code from the app when a second factor is on', async () => {
    renderPage(true);
    expect(await screen.findByLabelText('Code aus der App')).toBeRequired();
  });

  it('deletes the account, ends the session and goes to the start page', async () => {
    const release = hold('DELETE', '/v5/user', { erased: true, checkpoint: 'c1' });
    const { user, store } = renderPage();
    await user.type(screen.getByLabelText('Passwort zur Bestätigung'), 'geheim123');
    await user.click(screen.getByLabelText('Ich möchte mein Konto endgültig löschen.'));
    await user.click(screen.getByRole('button', { name: 'Konto löschen' }));
    expect(screen.getByRole('button', { name: 'Konto löschen' })).toBeDisabled();
    release();
    expect(await screen.findByText('Startseite')).toBeVisible();
    expect(fetchCalls('DELETE', '/v5/user')[0]?.body).toEqual({ pass: 'geheim123', mode: '2fa' });
    expect(store.getState().auth.status).toBe('signedOut');
  });

  it('shows a wrong password with the spec text', async () => {
    answerError('DELETE', '/v5/user', { status: 400, intern: 6008, text: 'wrong' });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Passwort zur Bestätigung'), 'falsch');
    await user.click(screen.getByLabelText('Ich möchte mein Konto endgültig löschen.'));
    await user.click(screen.getByRole('button', { name: 'Konto löschen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Kombination aus E-Mail-Adresse und Passwort ist nicht korrekt.');
  });
});
