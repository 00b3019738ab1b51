import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { TeamManagePage } from './team-manage-page';
import type { TeamDetails } from './teams.api';

const team: TeamDetails = {
  id: '0b9a4c1e-abab-4aaa-8bbb-000000000001', link: 'tsv', name: 'TSV Musterstadt', type: 'club', design: { logo_url: null, color: 2 },
  pro: false, plan: 'free', planLapsed: false, blocked: false, activeProjects: ['0b9a4c1e-abab-4aaa-8bbb-000000000002'],
  set: { contactUser: false, contactGroup: true, featureTag: [] }, team: 2, level: 'owner',
};
const settingsPath = `/v5/team/${team.id}`;

// The team layout hands the team to its pages as outlet context.
function renderPage(details: TeamDetails = team) {
  answer('GET', `/v5/team/${team.id}/activity`, { entries: [], next: null, retentionDays: 180 });
  return renderConsole(
    <Routes>
      <Route element={<Outlet context={details} />}>
        <Route path="/team/tsv/manage" element={<TeamManagePage />} />
      </Route>
    </Routes>,
    { path: '/team/tsv/manage' },
  );
}

describe('TeamManagePage', () => {
  it('shows the settings of the team with the name required and limited to 100 characters', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Einstellungen des Teams' })).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('TSV Musterstadt');
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '100');
    expect(screen.getByLabelText('Logo-Adresse (https://…)')).toHaveAttribute('type', 'url');
    expect(screen.getByRole('combobox', { name: 'Farbe' })).toHaveValue('2');
    expect(screen.getByRole('checkbox', { name: 'Kontaktgruppen verwenden' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Einrichtung fortsetzen' })).toBeVisible();
  });

  it('saves the trimmed name, logo, design and settings, with the button disabled meanwhile', async () => {
    const release = hold('PUT', settingsPath, { teamId: team.id, changed: true, checkpoint: 'c1' });
    const { user } = renderPage();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), ' TSV 1860 ');
    await user.type(screen.getByLabelText('Logo-Adresse (https://…)'), 'https://example.org/logo.png');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Design' }), 'dark');
    await user.click(screen.getByRole('checkbox', { name: 'Kontakte vom Typ Person verwenden' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled());
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toBeEnabled());
    expect(fetchCalls('PUT', settingsPath)[0]?.body).toEqual({
      name: 'TSV 1860', logoUrl: 'https://example.org/logo.png', design: { color: 2, theme: 'dark' }, set: { contactUser: true, contactGroup: true },
    });
  });

  it('shows the error of the server', async () => {
    answerError('PUT', settingsPath, { status: 400, intern: 'validation_failed', text: 'Die Logo-Adresse muss mit https:// beginnen.', field: 'logoUrl' });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Logo-Adresse muss mit https:// beginnen.');
  });

  it('lets members only read the settings', () => {
    renderPage({ ...team, team: 1, level: 'member' });
    expect(screen.getByText('Nur Inhaber*in und Admins ändern die Einstellungen des Teams.')).toBeVisible();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Einrichtung fortsetzen' })).not.toBeInTheDocument();
  });

  it('shows the plan overview and, to owner and admin, the retention of the activity log', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Plan und Leistungen' })).toBeVisible();
    expect(screen.getByText(/^Buchung folgt/)).toBeVisible();
    expect(await screen.findByRole('combobox', { name: 'Einträge aufbewahren' })).toHaveDisplayValue('180 Tage');
  });

  it('shows members the plans but not the retention', () => {
    renderPage({ ...team, team: 1, level: 'member' });
    expect(screen.getByRole('heading', { name: 'Plan und Leistungen' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Aufbewahrung des Aktivitätsprotokolls' })).not.toBeInTheDocument();
    expect(fetchCalls('GET', `/v5/team/${team.id}/activity`)).toEqual([]);
  });
});
