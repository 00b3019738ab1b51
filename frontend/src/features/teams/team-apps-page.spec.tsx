import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { Outlet, Route, Routes } from 'react-router';
import { answer, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { answerTeamAccess } from '../../shared/testing/team-access';
import { TeamAppsPage } from './team-apps-page';
import type { TeamDetails } from './teams.api';

const team: TeamDetails = {
  id: '0b9a4c1e-abab-4aaa-8bbb-000000000001', link: 'tsv', name: 'TSV Musterstadt', type: 'club', design: { logo_url: null, color: 2 },
  pro: false, plan: 'free', planLapsed: false, blocked: false, activeProjects: [],
  set: { contactUser: false, contactGroup: false, featureTag: [] }, team: 2, level: 'owner',
};
const project = (n: number) => ({
  projectId: `0b9a4c1e-abab-4aaa-8bbb-00000000010${n}`, teamId: team.id, link: `projekt-${n}`, name: `Projekt ${n}`, colour: 1, status: 1, previousStatus: null, locked: false, visibility: 'team',
  startDate: null, shareHash: 'h', counts: { phases: 0, lists: 0, items: 0, placed: 0, waitlisted: 0, signups: 0, capacity: 0, unlimitedItems: 0 }, createdBy: team.id, createdAt: '2027-01-01T00:00:00.000Z', updatedAt: '2027-01-01T00:00:00.000Z',
});
const member = (n: number) => ({ userId: `0b9a4c1e-abab-4aaa-8bbb-00000000020${n}`, name: `Person ${n}` });

function renderPage(details: TeamDetails) {
  return renderConsole(
    <Routes>
      <Route element={<Outlet context={details} />}>
        <Route path="/team/tsv/apps" element={<TeamAppsPage />} />
      </Route>
    </Routes>,
    { path: '/team/tsv/apps' },
  );
}

describe('TeamAppsPage', () => {
  it('lists every area for the owner with its icon, text and count, each linking to its screen', async () => {
    answerTeamAccess(team.id, 'tsv', 'owner');
    answer('GET', `/v5/team/${team.id}/project`, { projects: [project(1), project(2)] });
    answer('GET', `/v5/team/${team.id}/preset`, { presets: [{ ...project(3), status: 2 }], columns: [] });
    answer('GET', `/v5/team/${team.id}/members`, { members: [member(1), member(2), member(3)] });
    renderPage(team);
    const list = screen.getByRole('list', { name: 'Bereiche des Teams' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/manage/tsv/project', '/manage/tsv/preset', '/team/tsv/manage', '/manage/tsv/backup', '/manage/tsv/activity', '/team/tsv/details',
    ]);
    expect(await within(list).findByText('2 Projekte')).toBeVisible();
    expect(await within(list).findByText('1 Vorlage')).toBeVisible();
    expect(await within(list).findByText('3 Mitglieder')).toBeVisible();
    expect(links[3]).toHaveTextContent('Sicherungen');
    expect(links[3]).toHaveTextContent('Frühere Stände ansehen');
    expect(list.querySelectorAll('svg')).toHaveLength(6);
  });

  it('shows a space member only the areas their access lists, and asks only for those counts', async () => {
    answerTeamAccess(team.id, 'tsv', 'space', { manage_prj: [], manage_active: [] });
    answer('GET', `/v5/team/${team.id}/project`, { projects: [project(1)] });
    renderPage({ ...team, level: 'space' });
    const list = screen.getByRole('list', { name: 'Bereiche des Teams' });
    expect(await within(list).findByText('1 Projekt')).toBeVisible();
    expect(within(list).getAllByRole('link').map((link) => link.querySelector('strong')?.textContent)).toEqual(['Projekte', 'Aktivität', 'Über das Team']);
    expect(fetchCalls('GET', `/v5/team/${team.id}/members`)).toEqual([]);
    expect(fetchCalls('GET', `/v5/team/${team.id}/preset`)).toEqual([]);
  });
});
