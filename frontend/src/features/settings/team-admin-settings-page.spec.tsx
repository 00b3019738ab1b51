import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole, renderWithDataRouter } from '../../shared/testing/render';
import { SettingsLayout } from './settings-layout';
import { TeamAdminSettingsPage } from './team-admin-settings-page';

const teamLink = (id: string, link: string, name: string, level: 'owner' | 'admin' | 'space' | 'others') => ({
  id, link, hash: null, obj: 'link_cc', name, team: level === 'others' ? 1 : 2, access: { level, manage: level !== 'others', access: {} }, item: [], cc_id: id,
});
const TSV = '11111111-1111-4111-8111-111111111111';
const CHOR = '22222222-2222-4222-8222-222222222222';
const ADA = '33333333-3333-4333-8333-333333333333';

function page(path = '/settings/admin/tsv') {
  return renderWithDataRouter([
    { path: '/settings/admin/:ccLink', element: <TeamAdminSettingsPage /> },
    { path: '/error/access', element: <p>Kein Zugriff</p> },
  ], { path });
}

describe('TeamAdminSettingsPage', () => {
  it('shows the open agreement in full, concludes it only after the box is ticked, and then says who concluded it when', async () => {
    answer('GET', '/v5/user/link', { links: [teamLink(TSV, 'tsv', 'TSV Musterstadt', 'owner')] });
    answer('GET', `/v5/team/${TSV}/agreement`, { current: '2026-11', accepted: false, acceptances: [] });
    const { user } = page();
    expect(await screen.findByRole('heading', { name: 'TSV Musterstadt' })).toBeVisible();
    expect(await screen.findByText('Für euer Team ist noch kein Vertrag in der aktuellen Fassung (2026-11) abgeschlossen.')).toBeVisible();
    // The document itself: the title, the parties with the team and this installation, ten sections.
    const text = screen.getByRole('article');
    expect(within(text).getByRole('heading', { name: 'Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO' })).toBeVisible();
    expect(text).toHaveTextContent('zwischen TSV Musterstadt als Verantwortlichem');
    expect(text).toHaveTextContent(`Planwerk-Installation unter ${window.location.origin}`);
    expect(within(text).getAllByRole('listitem')).toHaveLength(10);
    // One administered team: no team picker.
    expect(screen.queryByLabelText('Team')).not.toBeInTheDocument();

    const conclude = screen.getByRole('button', { name: 'Vertrag abschließen' });
    expect(conclude).toBeDisabled();
    await user.click(screen.getByLabelText('Ich habe den Vertrag gelesen und bin berechtigt, ihn für TSV Musterstadt abzuschließen.'));
    expect(conclude).toBeEnabled();
    answer('POST', `/v5/team/${TSV}/agreement`, { teamId: TSV, version: '2026-11', changed: true, checkpoint: '00000000000000000042' });
    answer('GET', `/v5/team/${TSV}/agreement`, {
      current: '2026-11', accepted: true,
      acceptances: [{ version: '2026-11', acceptedAt: '2026-11-26T18:30:00.000Z', acceptedBy: { userId: ADA, name: 'Ada Lovelace' } }],
    });
    await user.click(conclude);
    await waitFor(() => expect(screen.getAllByText(/Abgeschlossen am 26\. November 2026 um \d\d:30 von Ada Lovelace \(Fassung 2026-11\)\./)).toHaveLength(2));
    expect(fetchCalls('POST', `/v5/team/${TSV}/agreement`).map((call) => call.body)).toEqual([{ version: '2026-11' }]);
    // The read after the acceptance waits for it (read-your-writes).
    expect(fetchCalls('GET', `/v5/team/${TSV}/agreement`).at(-1)?.query.get('minCheckpoint')).toBe('00000000000000000042');
    expect(screen.queryByRole('button', { name: 'Vertrag abschließen' })).not.toBeInTheDocument();
  });

  it('explains a refused version (a newer text on the server) and stays open', async () => {
    answer('GET', '/v5/user/link', { links: [teamLink(TSV, 'tsv', 'TSV Musterstadt', 'admin')] });
    answer('GET', `/v5/team/${TSV}/agreement`, { current: '2026-11', accepted: false, acceptances: [] });
    const { user } = page();
    await user.click(await screen.findByLabelText(/Ich habe den Vertrag gelesen/));
    answerError('POST', `/v5/team/${TSV}/agreement`, { status: 400, intern: 'validation_failed', text: 'Die Eingabe im Feld „version“ ist ungültig.', field: 'version' });
    await user.click(screen.getByRole('button', { name: 'Vertrag abschließen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Vertrag hat inzwischen eine neue Fassung. Bitte lade die Seite neu');
    expect(screen.getByRole('button', { name: 'Vertrag abschließen' })).toBeEnabled();
  });

  it('lists earlier versions with a former member where the person is erased, and switches between admin teams', async () => {
    answer('GET', '/v5/user/link', { links: [
      teamLink(TSV, 'tsv', 'TSV Musterstadt', 'owner'),
      teamLink(CHOR, 'chor', 'Kirchenchor', 'admin'),
      teamLink('44444444-4444-4444-8444-444444444444', 'schule', 'Grundschule', 'others'),
    ] });
    answer('GET', `/v5/team/${TSV}/agreement`, {
      current: '2026-11', accepted: false,
      acceptances: [{ version: '2025-04', acceptedAt: '2025-04-02T08:00:00.000Z', acceptedBy: { userId: ADA, name: null } }],
    });
    answer('GET', `/v5/team/${CHOR}/agreement`, { current: '2026-11', accepted: false, acceptances: [] });
    const { user, router } = page();
    const earlier = await screen.findByRole('region', { name: 'Frühere Fassungen' });
    expect(earlier).toHaveTextContent('Fassung 2025-04: abgeschlossen am 2. April 2025 um');
    expect(earlier).toHaveTextContent('von einem ehemaligen Mitglied');
    const picker = screen.getByLabelText('Team');
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['TSV Musterstadt', 'Kirchenchor']);
    await user.selectOptions(picker, 'Kirchenchor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/admin/chor'));
    expect(await screen.findByRole('heading', { name: 'Kirchenchor' })).toBeVisible();
    await waitFor(() => expect(fetchCalls('GET', `/v5/team/${CHOR}/agreement`)).toHaveLength(1));
  });

  it('sends members who do not administer the team, and unknown links, to the access error', async () => {
    answer('GET', '/v5/user/link', { links: [teamLink(TSV, 'tsv', 'TSV Musterstadt', 'space'), teamLink(CHOR, 'chor', 'Kirchenchor', 'owner')] });
    const { router } = page('/settings/admin/tsv');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/access'));
    expect(fetchCalls('GET', `/v5/team/${TSV}/agreement`)).toHaveLength(0);
  });

  it('offers the team administration in the settings navigation to owners and admins, for their first team', async () => {
    answer('GET', '/v5/user/link', { links: [teamLink(TSV, 'tsv', 'TSV Musterstadt', 'admin')] });
    renderConsole(<SettingsLayout />, { path: '/settings/account' });
    expect(await screen.findByRole('link', { name: 'Team-Verwaltung' })).toHaveAttribute('href', '/settings/admin/tsv');
  });
});
