import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { TeamSetupPage } from './team-setup-page';
import type { LinkEntry, TeamSetupStatus } from './teams.api';

const teamLink = (id: string, link: string, manage: boolean): LinkEntry => ({
  id, link, hash: null, obj: 'link_cc', name: link, team: 2, access: { level: manage ? 'admin' : 'others', manage, access: {} }, item: [], cc_id: id,
});
const member = teamLink('0b9a4c1e-7777-4aaa-8bbb-000000000001', 'chor', false);
const managed = teamLink('0b9a4c1e-7777-4aaa-8bbb-000000000002', 'tsv', true);
const other = teamLink('0b9a4c1e-7777-4aaa-8bbb-000000000003', 'schule', true);
const status = (teamId: string, link: string, change: Partial<TeamSetupStatus> = {}): TeamSetupStatus => ({
  teamId, link, plan: 'free', planLapsed: false, pro: false, blocked: false, missing: ['logo', 'paid_plan'], next: 'payment', ...change,
});

function renderPage(path = '/team-setup') {
  return renderConsole(
    <Routes>
      <Route path="/team-setup/:step?" element={<TeamSetupPage />} />
    </Routes>,
    { path },
  );
}

describe('TeamSetupPage', () => {
  it('shows the plan and the steps of the first team the user manages, with a link to its settings', async () => {
    answer('GET', '/v5/user/link', { links: [member, managed, other] });
    answer('GET', `/v5/team/setup/${managed.id}`, status(managed.id, 'tsv'));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Team einrichten' })).toBeVisible();
    const card = await screen.findByRole('region', { name: 'tsv' });
    expect(card).toHaveTextContent('Plan: Kostenlos');
    expect(within(card).getByText('Im kostenlosen Plan ist ein aktives Projekt möglich.')).toBeVisible();
    const steps = within(card).getAllByRole('listitem').map((step) => step.textContent);
    expect(steps).toEqual([
      'Logo hinterlegen: offen',
      'Kontakte vom Typ Person einschalten: erledigt',
      'Bezahlten Plan wählen (Prime, Basic oder Pro) für mehr als ein aktives Projekt: offen',
    ]);
    expect(within(card).getByRole('link', { name: 'Zu den Einstellungen des Teams' })).toHaveAttribute('href', '/team/tsv/manage');
  });

  it('shows the team named in the address, with a lapsed or blocked plan', async () => {
    answer('GET', '/v5/user/link', { links: [managed, other] });
    answer('GET', `/v5/team/setup/${other.id}`, status(other.id, 'schule', { plan: 'basic', planLapsed: true, blocked: true, missing: [] }));
    renderPage(`/team-setup?team=${other.id}`);
    const card = await screen.findByRole('region', { name: 'schule' });
    expect(card).toHaveTextContent('Plan: Basic');
    expect(card).toHaveTextContent('Der Plan ist abgelaufen und mehr als ein Projekt ist aktiv.');
    // Blocked says more than lapsed: only the blocked text is shown.
    expect(card).not.toHaveTextContent('Der bezahlte Plan ist abgelaufen.');
    expect(card).not.toHaveTextContent('Im kostenlosen Plan');
    expect(fetchCalls('GET', `/v5/team/setup/${managed.id}`)).toEqual([]);
  });

  it('says a finished setup', async () => {
    answer('GET', '/v5/user/link', { links: [managed] });
    answer('GET', `/v5/team/setup/${managed.id}`, status(managed.id, 'tsv', { plan: 'pro', pro: true, missing: [] }));
    renderPage('/team-setup/success');
    expect(screen.getByText('Dein Team ist eingerichtet.')).toHaveRole('status');
    expect(await screen.findByRole('region', { name: 'tsv' })).toHaveTextContent('Plan: Pro');
  });

  it('says a failed setup', () => {
    answer('GET', '/v5/user/link', { links: [managed] });
    renderPage('/team-setup/error');
    expect(screen.getByRole('alert')).toHaveTextContent('Bei der Einrichtung ist etwas schiefgelaufen. Bitte versuche es erneut.');
  });

  it('says when the user manages no team', async () => {
    answer('GET', '/v5/user/link', { links: [member] });
    renderPage();
    expect(await screen.findByText('Du bist noch nicht Inhaber*in oder Admin eines Teams.')).toBeVisible();
  });

  it('shows an error of the setup status', async () => {
    answer('GET', '/v5/user/link', { links: [managed] });
    answerError('GET', `/v5/team/setup/${managed.id}`, { status: 403, intern: 'no_permission', text: 'forbidden' });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Du hast keine Berechtigung für diesen Bereich.');
    expect(screen.queryByRole('region', { name: 'tsv' })).not.toBeInTheDocument();
  });
});
