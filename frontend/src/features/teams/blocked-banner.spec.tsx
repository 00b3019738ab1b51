import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { BlockedBanner, TeamBlockedBanner } from './blocked-banner';
import type { TeamDetails } from './teams.api';

const kept = '0b9a4c1e-aeae-4aaa-8bbb-000000000011';
const other = '0b9a4c1e-aeae-4aaa-8bbb-000000000012';
const team: TeamDetails = {
  id: '0b9a4c1e-aeae-4aaa-8bbb-000000000001', link: 'tsv', name: 'TSV Musterstadt', type: 'club', design: { logo_url: null },
  pro: false, plan: 'prime', planLapsed: true, blocked: true, activeProjects: [kept, other],
  set: { contactUser: false, contactGroup: true, featureTag: [] }, team: 2, level: 'owner',
};
const projectsPath = `/v5/team/${team.id}/project`;
const unlockPath = `/v5/team/${team.id}/unlock`;
const entry = (projectId: string, name: string) => ({
  projectId, teamId: team.id, link: name.toLowerCase(), name, colour: 1, status: 1, previousStatus: null, locked: false, visibility: 'team',
  startDate: null, shareHash: 'h', counts: { phases: 0, lists: 0, items: 0, placed: 0, waitlisted: 0, signups: 0, capacity: 0, unlimitedItems: 0 }, createdBy: team.id, createdAt: '2027-01-01T00:00:00.000Z', updatedAt: '2027-01-01T00:00:00.000Z',
});

describe('BlockedBanner', () => {
  it('shows nothing for a team that is not blocked', () => {
    const { container } = renderConsole(<BlockedBanner team={{ ...team, blocked: false }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('lets the owner choose the project that stays active, by name, and unlocks with it', async () => {
    answer('GET', projectsPath, { projects: [entry(kept, 'Sommerfest'), entry(other, 'Flohmarkt')] });
    const release = hold('PUT', unlockPath, { teamId: team.id, activeProjects: [other], released: [kept], checkpoint: 'c1' });
    const { user } = renderConsole(<BlockedBanner team={team} />);
    const banner = screen.getByRole('region', { name: 'Team gesperrt: ein Projekt wählen' });
    expect(within(banner).getByText(/Im kostenlosen Plan bleibt nur ein Projekt aktiv/)).toBeVisible();
    const choice = within(banner).getByRole('group', { name: 'Welches Projekt bleibt aktiv?' });
    await within(choice).findByRole('radio', { name: 'Flohmarkt' });
    expect(within(choice).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Sommerfest', 'Flohmarkt']);
    const submit = within(banner).getByRole('button', { name: 'Dieses Projekt aktiv lassen' });
    expect(submit).toBeDisabled();
    await user.click(within(choice).getByRole('radio', { name: 'Flohmarkt' }));
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    release();
    await waitFor(() => expect(fetchCalls('PUT', unlockPath)).toHaveLength(1));
    expect(fetchCalls('PUT', unlockPath)[0]?.body).toEqual({ projectId: other });
    expect(fetchCalls('GET', projectsPath)[0]?.query.get('status')).toBe('1');
  });

  it('tells everyone else that the owner chooses, without a form', () => {
    renderConsole(<BlockedBanner team={{ ...team, level: 'admin' }} />);
    expect(screen.getByText(/Bis die Inhaberin oder der Inhaber ein Projekt wählt/)).toBeVisible();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(fetchCalls('GET', projectsPath)).toEqual([]);
  });

  it('shows the error of the server', async () => {
    answer('GET', projectsPath, { projects: [entry(kept, 'Sommerfest')] });
    answerError('PUT', unlockPath, { status: 409, intern: null, text: 'Das Team ist nicht gesperrt.' });
    const { user } = renderConsole(<BlockedBanner team={team} />);
    await user.click(await screen.findByRole('radio', { name: 'Sommerfest' }));
    await user.click(screen.getByRole('button', { name: 'Dieses Projekt aktiv lassen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Das Team ist nicht gesperrt.');
  });

  it('appears on pages outside the team layout from the team details, and not for a team that is fine', async () => {
    answer('GET', '/v5/team/tsv', { ...team, level: 'member', team: 1 });
    const { unmount } = renderConsole(<TeamBlockedBanner link="tsv" />);
    expect(await screen.findByRole('region', { name: 'Team gesperrt: ein Projekt wählen' })).toBeVisible();
    unmount();
    answer('GET', '/v5/team/tsv', { ...team, blocked: false, planLapsed: false });
    const { container } = renderConsole(<TeamBlockedBanner link="tsv" />);
    await waitFor(() => expect(fetchCalls('GET', '/v5/team/tsv')).toHaveLength(2));
    expect(container).toBeEmptyDOMElement();
  });
});
