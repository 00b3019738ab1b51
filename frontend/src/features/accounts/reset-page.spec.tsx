import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { ResetPage } from './reset-page';

function renderPage(path: string) {
  return renderConsole(
    <Routes>
      <Route path="/account/reset/:data?" element={<ResetPage />} />
    </Routes>,
    { path },
  );
}

describe('ResetPage: asking for a link', () => {
  it('asks for the required e-mail and confirms without saying whether the account exists', async () => {
    answer('POST', '/v5/auth/reset', { requested: true });
    const { user } = renderPage('/account/reset');
    expect(screen.getByRole('heading', { name: 'Passwort zurücksetzen' })).toBeVisible();
    expect(screen.getByLabelText('E-Mail-Adresse')).toBeRequired();
    await user.type(screen.getByLabelText('E-Mail-Adresse'), ' ada@example.org ');
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Wenn ein Konto mit dieser Adresse existiert, ist ein Link zum Zurücksetzen unterwegs.');
    expect(fetchCalls('POST', '/v5/auth/reset')[0]?.body).toEqual({ mail: 'ada@example.org' });
  });

  it('disables the button while the call is in flight', async () => {
    const release = hold('POST', '/v5/auth/reset', { requested: true });
    const { user } = renderPage('/account/reset');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(screen.getByRole('button', { name: 'Link anfordern' })).toBeDisabled();
    release();
    expect(await screen.findByRole('status')).toBeVisible();
  });
});

describe('ResetPage: setting the new password', () => {
  const changed = { changed: true, endedSessions: 0, checkpoint: 'c1' };

  it('names a too short and a differing password at their fields and sends nothing', async () => {
    const { user } = renderPage('/account/reset/token-1');
    await user.type(screen.getByLabelText('Neues Passwort'), 'kurz');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(screen.getByLabelText('Neues Passwort')).toHaveAccessibleDescription(expect.stringContaining('Das Passwort muss mindestens 8 Zeichen lang sein.'));
    await user.type(screen.getByLabelText('Neues Passwort'), ' und lang');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'anders');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(screen.getByLabelText('Neues Passwort wiederholen')).toHaveAccessibleDescription('Die Passwörter stimmen nicht überein.');
    expect(fetchCalls('PUT', '/v5/auth/reset')).toEqual([]);
  });

  it('saves the password with the token and offers the login', async () => {
    answer('PUT', '/v5/auth/reset', changed);
    const { user } = renderPage('/account/reset/token-1');
    await user.type(screen.getByLabelText('Neues Passwort'), 'ein langer Satz');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'ein langer Satz');
    await user.click(screen.getByLabelText('Auf allen Geräten abmelden'));
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Dein Passwort wurde geändert.');
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toBeVisible();
    expect(fetchCalls('PUT', '/v5/auth/reset')[0]?.body).toEqual({ token: 'token-1', pass: 'ein langer Satz', pass2: 'ein langer Satz', signOutEverywhere: true });
  });

  it('says when the link cannot be used any more', async () => {
    answerError('PUT', '/v5/auth/reset', { status: 404, intern: 'not_found', text: 'not found' });
    const { user } = renderPage('/account/reset/token-1');
    await user.type(screen.getByLabelText('Neues Passwort'), 'ein langer Satz');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'ein langer Satz');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt.');
  });

  it('shows a password the server refuses at the password field', async () => {
    answerError('PUT', '/v5/auth/reset', { status: 400, intern: 'validation_failed', text: 'weak', field: 'pass' });
    const { user } = renderPage('/account/reset/token-1');
    await user.type(screen.getByLabelText('Neues Passwort'), 'passwort123');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'passwort123');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Dieses Passwort ist zu leicht zu erraten. Bitte wähle ein anderes.')).toBeVisible();
    expect(screen.getByLabelText('Neues Passwort')).toHaveAttribute('aria-invalid', 'true');
  });
});
