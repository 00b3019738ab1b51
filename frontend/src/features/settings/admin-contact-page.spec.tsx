import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole, renderWithDataRouter } from '../../shared/testing/render';
import { AdminContactPage } from './admin-contact-page';
import { SettingsLayout } from './settings-layout';

const teamLink = (id: string, link: string, name: string, level: 'owner' | 'admin' | 'space' | 'others') => ({
  id, link, hash: null, obj: 'link_cc', name, team: level === 'others' ? 1 : 2, access: { level, manage: level !== 'others', access: {} }, item: [], cc_id: id,
});

describe('AdminContactPage', () => {
  it('sends the message about the chosen admin team to the operator and confirms that the answer comes by mail', async () => {
    answer('GET', '/v5/user/link', { links: [
      teamLink('t1', 'tsv', 'TSV Musterstadt', 'owner'),
      teamLink('t2', 'chor', 'Kirchenchor', 'admin'),
      teamLink('t3', 'schule', 'Grundschule', 'others'),
    ] });
    answer('POST', '/v5/team/t2/support', { requestId: '00000000-0000-4000-8000-000000000001', checkpoint: '1' });
    const user = userEvent.setup();
    renderConsole(<AdminContactPage />);
    const team = await screen.findByLabelText('Team');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['TSV Musterstadt', 'Kirchenchor']);
    await user.selectOptions(team, 'Kirchenchor');
    await user.type(screen.getByLabelText('Betreff'), 'Rechnung');
    await user.type(screen.getByLabelText('Nachricht'), 'Wir brauchen die Rechnung mit Vereinsadresse.');
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Danke, deine Nachricht zu Kirchenchor ist beim Betreiber per E-Mail angekommen. Die Antwort kommt an deine E-Mail-Adresse.');
    const [call] = fetchCalls('POST', '/v5/team/t2/support');
    expect(call?.body).toEqual({ subject: 'Rechnung', message: 'Wir brauchen die Rechnung mit Vereinsadresse.' });
    expect(fetchCalls('POST', '/v5/feedback/vote')).toHaveLength(0);
  });

  it('names the missing subject and message and sends nothing', async () => {
    answer('GET', '/v5/user/link', { links: [teamLink('t1', 'tsv', 'TSV Musterstadt', 'owner')] });
    const user = userEvent.setup();
    renderConsole(<AdminContactPage />);
    await user.click(await screen.findByRole('button', { name: 'Nachricht senden' }));
    expect(screen.getByText('Bitte gib einen Betreff mit mindestens 3 Zeichen ein.')).toBeVisible();
    expect(screen.getByText('Bitte beschreibe dein Anliegen in mindestens 10 Zeichen.')).toBeVisible();
    expect(fetchCalls('POST', '/v5/team/t1/support')).toHaveLength(0);
  });

  it('shows the server\'s refusal and keeps what was written', async () => {
    answer('GET', '/v5/user/link', { links: [teamLink('t1', 'tsv', 'TSV Musterstadt', 'owner')] });
    answerError('POST', '/v5/team/t1/support', { status: 400, intern: 'validation_failed', text: 'too long', field: 'message' });
    const user = userEvent.setup();
    renderConsole(<AdminContactPage />);
    await user.type(await screen.findByLabelText('Betreff'), 'Rechnung');
    await user.type(screen.getByLabelText('Nachricht'), 'Wir brauchen die Rechnung mit Vereinsadresse.');
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Betreff')).toHaveValue('Rechnung');
  });

  it('sends people who administer no team to the access error', async () => {
    answer('GET', '/v5/user/link', { links: [teamLink('t3', 'schule', 'Grundschule', 'space')] });
    const { router } = renderWithDataRouter([
      { path: '/settings/admin/contact', element: <AdminContactPage /> },
      { path: '/error/access', element: <p>Kein Zugriff</p> },
    ], { path: '/settings/admin/contact' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/access'));
  });

  it('shows the contact entry in the settings navigation only to team owners and admins', async () => {
    answer('GET', '/v5/user/link', { links: [teamLink('t1', 'tsv', 'TSV Musterstadt', 'admin')] });
    renderConsole(<SettingsLayout />, { path: '/settings/account' });
    expect(await screen.findByRole('link', { name: 'Kontakt zu Planwerk' })).toHaveAttribute('href', '/settings/admin/contact');
  });

  it('leaves the contact entry out for plain members', async () => {
    answer('GET', '/v5/user/link', { links: [teamLink('t3', 'schule', 'Grundschule', 'others')] });
    renderConsole(<SettingsLayout />, { path: '/settings/account' });
    await waitFor(() => expect(fetchCalls('GET', '/v5/user/link')).toHaveLength(1));
    // Let the answer reach the store before looking for the entry.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Kontakt zu Planwerk' })).not.toBeInTheDocument();
  });
});
