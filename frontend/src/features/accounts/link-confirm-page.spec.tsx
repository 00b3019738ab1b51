import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { ActivatePage, ParentConfirmPage } from './link-confirm-page';

// A link token is 43 base64url characters (linkTokenBody).
const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE';

function renderPage(path: string) {
  return renderConsole(
    <Routes>
      <Route path="/account/activate/:data" element={<ActivatePage />} />
      <Route path="/account/child/:data" element={<ParentConfirmPage />} />
    </Routes>,
    { path },
  );
}

describe('ActivatePage', () => {
  it('explains the activation and uses the token only on a click', () => {
    renderPage(`/account/activate/${token}`);
    expect(screen.getByRole('heading', { name: 'Konto aktivieren' })).toBeVisible();
    expect(screen.getByText('Bestätige deine E-Mail-Adresse, damit dein Konto aktiv wird.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Konto aktivieren' })).toBeEnabled();
    // A mail scanner that opens the link uses nothing.
    expect(fetchCalls()).toEqual([]);
  });

  it('activates with the token of the link and leads to the login', async () => {
    const release = hold('POST', '/v5/auth/activate', { active: true, checkpoint: 'c1' });
    const { user } = renderPage(`/account/activate/${token}`);
    await user.click(screen.getByRole('button', { name: 'Konto aktivieren' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Konto aktivieren' })).toBeDisabled());
    release();
    expect(await screen.findByRole('status')).toHaveTextContent('Dein Konto ist aktiv. Du kannst dich jetzt anmelden.');
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Konto aktivieren' })).not.toBeInTheDocument();
    expect(fetchCalls('POST', '/v5/auth/activate')[0]?.body).toEqual({ token });
  });

  it('says the account waits for a parent when it is not active yet', async () => {
    answer('POST', '/v5/auth/activate', { active: false, checkpoint: 'c1' });
    const { user } = renderPage(`/account/activate/${token}`);
    await user.click(screen.getByRole('button', { name: 'Konto aktivieren' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Deine E-Mail-Adresse ist bestätigt. Dein Konto wird aktiv, sobald ein Elternteil zugestimmt hat.');
  });

  it('says a used or broken link is invalid, and can be tried again', async () => {
    answerError('POST', '/v5/auth/activate', { status: 404, intern: 'not_found', text: 'no such token' });
    const { user } = renderPage('/account/activate/kaputt');
    await user.click(screen.getByRole('button', { name: 'Konto aktivieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt.');
    expect(screen.getByRole('button', { name: 'Konto aktivieren' })).toBeEnabled();
    expect(fetchCalls('POST', '/v5/auth/activate')[0]?.body).toEqual({ token: 'kaputt' });
  });

  it('shows a server failure as such, not as an invalid link', async () => {
    answerError('POST', '/v5/auth/activate', { status: 500, intern: null, text: 'boom' });
    const { user } = renderPage(`/account/activate/${token}`);
    await user.click(screen.getByRole('button', { name: 'Konto aktivieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Es ist ein Fehler aufgetreten. Bitte versuche es erneut.');
    expect(screen.queryByText('Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt.')).not.toBeInTheDocument();
  });
});

describe('ParentConfirmPage', () => {
  it('explains the consent and confirms with the token of the link', async () => {
    answer('POST', '/v5/auth/parent-confirm', { active: true, checkpoint: 'c1' });
    const { user } = renderPage(`/account/child/${token}`);
    expect(screen.getByRole('heading', { name: 'Zustimmung der Eltern' })).toBeVisible();
    expect(screen.getByText(/jünger als 16 Jahre/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Zustimmen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Danke! Das Konto deines Kindes ist jetzt freigegeben.');
    expect(fetchCalls('POST', '/v5/auth/parent-confirm')[0]?.body).toEqual({ token });
    expect(fetchCalls('POST', '/v5/auth/activate')).toEqual([]);
  });

  it('says the child still has to confirm the address', async () => {
    answer('POST', '/v5/auth/parent-confirm', { active: false, checkpoint: 'c1' });
    const { user } = renderPage(`/account/child/${token}`);
    await user.click(screen.getByRole('button', { name: 'Zustimmen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Danke! Das Konto wird aktiv, sobald dein Kind seine E-Mail-Adresse bestätigt hat.');
  });

  it('says an invalid token is invalid', async () => {
    answerError('POST', '/v5/auth/parent-confirm', { status: 400, intern: 'validation_failed', text: 'not a link token', field: 'token' });
    const { user } = renderPage('/account/child/x');
    await user.click(screen.getByRole('button', { name: 'Zustimmen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt.');
  });
});
