import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { RetentionSetting } from './retention-setting';
import type { TeamDetails } from './teams.api';

const team: TeamDetails = {
  id: '0b9a4c1e-adad-4aaa-8bbb-000000000001', link: 'tsv', name: 'TSV Musterstadt', type: 'club', design: { logo_url: null },
  pro: false, plan: 'free', planLapsed: false, blocked: false, activeProjects: [],
  set: { contactUser: false, contactGroup: true, featureTag: [] }, team: 2, level: 'admin',
};
const logPath = `/v5/team/${team.id}/activity`;
const putPath = `/v5/team/${team.id}/activity/retention`;
const page = (retentionDays: number | null) => ({ entries: [], next: null, retentionDays });

describe('RetentionSetting', () => {
  it('shows the saved retention in words, read from one entry of the log', async () => {
    answer('GET', logPath, page(90));
    renderConsole(<RetentionSetting team={team} />);
    const select = await screen.findByRole('combobox', { name: 'Einträge aufbewahren' });
    expect(select).toHaveDisplayValue('90 Tage');
    expect(screen.getByText('Zurzeit: 90 Tage')).toBeVisible();
    expect([...select.querySelectorAll('option')].map((option) => option.textContent))
      .toEqual(['30 Tage', '90 Tage', '180 Tage', '1 Jahr', '2 Jahre', '5 Jahre', '10 Jahre', 'Unbegrenzt']);
    expect(fetchCalls('GET', logPath)[0]?.query.get('limit')).toBe('1');
  });

  it('keeps a saved span that is not among the choices', async () => {
    answer('GET', logPath, page(45));
    renderConsole(<RetentionSetting team={team} />);
    expect(await screen.findByRole('combobox', { name: 'Einträge aufbewahren' })).toHaveDisplayValue('45 Tage');
  });

  it('saves a new span in days, the button disabled meanwhile, and reads it again', async () => {
    answer('GET', logPath, page(null));
    const release = hold('PUT', putPath, { teamId: team.id, days: 365, changed: true, checkpoint: 'c1' });
    const { user } = renderConsole(<RetentionSetting team={team} />);
    const select = await screen.findByRole('combobox', { name: 'Einträge aufbewahren' });
    expect(select).toHaveDisplayValue('Unbegrenzt');
    await user.selectOptions(select, '1 Jahr');
    await user.click(screen.getByRole('button', { name: 'Aufbewahrung speichern' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Aufbewahrung speichern' })).toBeDisabled());
    answer('GET', logPath, page(365));
    release();
    expect(await screen.findByText('Zurzeit: 1 Jahr')).toBeVisible();
    expect(fetchCalls('PUT', putPath)[0]?.body).toEqual({ days: 365 });
  });

  it('keeps everything with null', async () => {
    answer('GET', logPath, page(30));
    answer('PUT', putPath, { teamId: team.id, days: null, changed: true, checkpoint: 'c1' });
    const { user } = renderConsole(<RetentionSetting team={team} />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Einträge aufbewahren' }), 'Unbegrenzt');
    await user.click(screen.getByRole('button', { name: 'Aufbewahrung speichern' }));
    await waitFor(() => expect(fetchCalls('PUT', putPath)).toHaveLength(1));
    expect(fetchCalls('PUT', putPath)[0]?.body).toEqual({ days: null });
  });

  it('shows the error of the server', async () => {
    answer('GET', logPath, page(30));
    answerError('PUT', putPath, { status: 403, intern: null, text: 'Keine Berechtigung für diesen Bereich.' });
    const { user } = renderConsole(<RetentionSetting team={team} />);
    await user.click(await screen.findByRole('button', { name: 'Aufbewahrung speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Keine Berechtigung für diesen Bereich.');
  });
});
