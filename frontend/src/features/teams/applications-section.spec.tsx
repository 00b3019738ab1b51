import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { ApplicationsSection } from './applications-section';
import type { Application, TeamDetails } from './teams.api';

const team: TeamDetails = {
  id: '0b9a4c1e-a0a0-4aaa-8bbb-000000000001', link: 'tsv', name: 'TSV Musterstadt', type: 'club', design: { logo_url: null, color: 2 },
  pro: false, plan: 'free', planLapsed: false, blocked: false, activeProjects: [],
  set: { contactUser: false, contactGroup: true, featureTag: [] }, team: 2, level: 'admin',
};
const listPath = `/v5/team/${team.id}/applications`;
const grace: Application = { applicationId: '0b9a4c1e-a0a0-4aaa-8bbb-000000000011', userId: '0b9a4c1e-a0a0-4aaa-8bbb-000000000021', name: 'Grace Hopper', appliedAt: '2027-03-04T09:00:00.000Z' };
const erased: Application = { applicationId: '0b9a4c1e-a0a0-4aaa-8bbb-000000000012', userId: '7f3e2d1c-a0a0-4aaa-8bbb-000000000022', name: null, appliedAt: '2027-03-05T09:00:00.000Z' };
const decided = (applicationId: string, accepted: boolean) => ({ applicationId, accepted, checkpoint: 'c1' });

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('ApplicationsSection', () => {
  it('lists the open applications with name and date, an erased person by the start of the id', async () => {
    answer('GET', listPath, { applications: [grace, erased] });
    renderConsole(<ApplicationsSection team={team} />);
    const table = await screen.findByRole('table', { name: 'Mitgliedsanträge' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Mitglied', 'Beantragt am', 'Aktionen']);
    expect(within(rowOf('Grace Hopper')).getByRole('cell', { name: '04.03.2027' })).toBeVisible();
    expect(rowOf('Mitglied 7f3e2d1c')).toBeVisible();
    expect(within(rowOf('Grace Hopper')).getByRole('button', { name: 'Annehmen' })).toBeEnabled();
    expect(within(rowOf('Grace Hopper')).getByRole('button', { name: 'Ablehnen' })).toBeEnabled();
  });

  it('says when there are none', async () => {
    answer('GET', listPath, { applications: [] });
    renderConsole(<ApplicationsSection team={team} />);
    expect(await screen.findByText('Keine offenen Anträge.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('accepts one application, every button disabled meanwhile, and reads the list again', async () => {
    answer('GET', listPath, { applications: [grace, erased] });
    const release = hold('PUT', `/v5/team/${team.id}/applications/${grace.applicationId}`, decided(grace.applicationId, true));
    const { user } = renderConsole(<ApplicationsSection team={team} />);
    await screen.findByRole('table', { name: 'Mitgliedsanträge' });
    await user.click(within(rowOf('Grace Hopper')).getByRole('button', { name: 'Annehmen' }));
    await waitFor(() => expect(within(rowOf('Mitglied 7f3e2d1c')).getByRole('button', { name: 'Ablehnen' })).toBeDisabled());
    answer('GET', listPath, { applications: [erased] });
    release();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Grace Hopper' })).not.toBeInTheDocument());
    expect(fetchCalls('PUT', `/v5/team/${team.id}/applications/${grace.applicationId}`)[0]?.body).toEqual({ accept: true });
    expect(fetchCalls('GET', listPath)).toHaveLength(2);
  });

  it('rejects with accept false', async () => {
    answer('GET', listPath, { applications: [grace, erased] });
    answer('PUT', `/v5/team/${team.id}/applications/${erased.applicationId}`, decided(erased.applicationId, false));
    const { user } = renderConsole(<ApplicationsSection team={team} />);
    await screen.findByRole('table', { name: 'Mitgliedsanträge' });
    await user.click(within(rowOf('Mitglied 7f3e2d1c')).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(fetchCalls('PUT', `/v5/team/${team.id}/applications/${erased.applicationId}`)).toHaveLength(1));
    expect(fetchCalls('PUT', `/v5/team/${team.id}/applications/${erased.applicationId}`)[0]?.body).toEqual({ accept: false });
    expect(fetchCalls('PUT', `/v5/team/${team.id}/applications/${grace.applicationId}`)).toEqual([]);
  });

  it('shows the error of a decision', async () => {
    answer('GET', listPath, { applications: [grace] });
    answerError('PUT', `/v5/team/${team.id}/applications/${grace.applicationId}`, { status: 404, intern: null, text: 'Der Antrag ist nicht mehr offen.' });
    const { user } = renderConsole(<ApplicationsSection team={team} />);
    await user.click(await screen.findByRole('button', { name: 'Annehmen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Antrag ist nicht mehr offen.');
  });

  it('offers the link with which people outside the team apply, with an empty state that says what comes', async () => {
    answer('GET', listPath, { applications: [] });
    renderConsole(<ApplicationsSection team={team} />);
    expect(screen.getByRole('textbox', { name: 'Link zum Beitreten (zum Weitergeben)' })).toHaveValue(`${window.location.origin}/team/tsv/apply`);
    expect(screen.getByRole('button', { name: 'Link kopieren' })).toBeEnabled();
    expect(await screen.findByText(/Wer diesen Link öffnet und kein Mitglied ist, kann den Beitritt anfragen/)).toBeVisible();
  });
});
