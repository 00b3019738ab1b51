import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { Popup } from '../../app/popup';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { TeamDetailsPage } from './team-details-page';
import type { TeamDetails } from './teams.api';

const team: TeamDetails = {
  id: '0b9a4c1e-dede-4aaa-8bbb-000000000001', link: 'tsv', name: 'TSV Musterstadt', type: 'club', design: { logo_url: null, color: 2 },
  pro: false, plan: 'basic', planLapsed: false, blocked: false,
  activeProjects: ['0b9a4c1e-dede-4aaa-8bbb-000000000002', '0b9a4c1e-dede-4aaa-8bbb-000000000003'],
  set: { contactUser: false, contactGroup: true, featureTag: [] }, team: 1, level: 'member',
};
const leavePath = `/v5/team/${team.id}/leave`;

// The team layout hands the team to its pages as outlet context.
function renderPage(details: TeamDetails = team) {
  return renderConsole(
    <>
      <Routes>
        <Route element={<Outlet context={details} />}>
          <Route path="/team/tsv/details" element={<TeamDetailsPage />} />
        </Route>
        <Route path="/" element={<p>Startseite</p>} />
      </Routes>
      <Popup />
    </>,
    { path: '/team/tsv/details' },
  );
}

function fact(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('TeamDetailsPage', () => {
  it('shows the role, kind, plan, link and number of active projects', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
    expect(fact('Deine Rolle')).toBe('Mitglied');
    expect(fact('Art')).toBe('Verein');
    expect(fact('Plan')).toBe('Basic');
    expect(fact('Team-Link')).toBe('tsv');
    expect(fact('Aktive Projekte')).toBe('2');
    expect(screen.queryByText('Der bezahlte Plan ist abgelaufen.')).not.toBeInTheDocument();
  });

  it('says when the plan lapsed; a blocked team is left to the banner of the team layout', () => {
    const { unmount } = renderPage({ ...team, planLapsed: true });
    expect(screen.getByText('Der bezahlte Plan ist abgelaufen.')).toBeVisible();
    unmount();
    renderPage({ ...team, planLapsed: true, blocked: true });
    // The layout's BlockedBanner explains and offers the choice: no second, weaker note here.
    expect(screen.queryByText('Der bezahlte Plan ist abgelaufen.')).not.toBeInTheDocument();
    expect(screen.queryByText(/Der Plan ist abgelaufen und mehr als ein Projekt ist aktiv./)).not.toBeInTheDocument();
  });

  it('offers no leaving to the owner', () => {
    renderPage({ ...team, level: 'owner', team: 2 });
    expect(fact('Deine Rolle')).toBe('Inhaber*in');
    expect(screen.queryByRole('button', { name: 'Team verlassen' })).not.toBeInTheDocument();
  });

  it('leaves only after the confirmation, then says so and goes to the start', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const release = hold('POST', leavePath, { teamId: team.id, checkpoint: 'c1' });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Team verlassen' }));
    expect(confirm).toHaveBeenCalledWith('Willst du das Team wirklich verlassen?');
    expect(fetchCalls('POST', leavePath)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Team verlassen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Team verlassen' })).toBeDisabled());
    release();
    expect(await screen.findByText('Startseite')).toBeVisible();
    expect(screen.getByText('Du hast das Team verlassen.')).toBeVisible();
    expect(fetchCalls('POST', leavePath)).toHaveLength(1);
    confirm.mockRestore();
  });

  it('stays and shows the error when leaving fails', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    answerError('POST', leavePath, { status: 409, intern: 'membership_owner_cannot_leave', text: 'Als Inhaber kannst du das Team nicht verlassen.' });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Team verlassen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Als Inhaber kannst du das Team nicht verlassen.');
    expect(screen.queryByText('Startseite')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Team verlassen' })).toBeEnabled();
    confirm.mockRestore();
  });
});
