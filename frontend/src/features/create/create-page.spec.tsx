import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { answer, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { CreatePage } from './create-page';

const teamLink = (id: string, link: string, name: string, level: 'owner' | 'admin' | 'space' | 'others', access: Record<string, string[]> = {}) => ({
  id, link, hash: null, obj: 'link_cc', name, team: level === 'others' ? 1 : 2, access: { level, manage: level !== 'others', access }, item: [], cc_id: id,
});
const tsv = teamLink('0b9a4c1e-abab-4aaa-8bbb-000000000001', 'tsv', 'TSV Musterstadt', 'owner');
const chor = teamLink('0b9a4c1e-abab-4aaa-8bbb-000000000002', 'chor', 'Kirchenchor', 'others');
const schule = teamLink('0b9a4c1e-abab-4aaa-8bbb-000000000003', 'schule', 'Grundschule', 'space', { manage_prj: [] });
const project = (n: number, teamId = tsv.id) => ({
  projectId: `0b9a4c1e-abab-4aaa-8bbb-00000000010${n}`, teamId, link: `projekt-${n}`, name: `Projekt ${n}`, colour: 1, status: n === 9 ? 2 : 1, previousStatus: null, locked: false, visibility: 'team',
  startDate: null, shareHash: 'h', counts: { phases: 0, lists: 0, items: 0, placed: 0, waitlisted: 0, signups: 0, capacity: 0, unlimitedItems: 0 }, createdBy: teamId, createdAt: '2027-01-01T00:00:00.000Z', updatedAt: '2027-01-01T00:00:00.000Z',
});

function Where() {
  const location = useLocation();
  return <output aria-label="Adresse">{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  return renderConsole(
    <Routes>
      <Route path="/create/:view?" element={<><CreatePage /><Where /></>} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path },
  );
}

describe('CreatePage', () => {
  it('offers the three ways to create in the team the person manages', async () => {
    answer('GET', '/v5/user/link', { links: [tsv, chor] });
    renderAt('/create');
    const list = await screen.findByRole('list', { name: 'Möglichkeiten' });
    expect(within(list).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/create/item-new', '/create/item-setup', '/create/item']);
    expect(within(list).getByRole('link', { name: /Neues Projekt/ })).toBeVisible();
    // One team to create in: no team choice.
    expect(screen.queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument();
  });

  it('lets the person choose among several teams and keeps the choice in the links', async () => {
    answer('GET', '/v5/user/link', { links: [tsv, chor, schule] });
    const { user } = renderAt('/create');
    const team = await screen.findByRole('combobox', { name: 'Team' });
    expect(within(team).getAllByRole('option').map((option) => option.textContent)).toEqual(['TSV Musterstadt', 'Grundschule']);
    await user.selectOptions(team, 'schule');
    expect(screen.getByRole('link', { name: /Aus einer Vorlage/ })).toHaveAttribute('href', '/create/item-setup?team=schule');
  });

  it('explains and offers a team when the person may create in none', async () => {
    answer('GET', '/v5/user/link', { links: [chor] });
    renderAt('/create');
    expect(await screen.findByText('Zum Erstellen brauchst du ein Team, in dem du Projekte verwalten darfst.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Team erstellen' })).toHaveAttribute('href', '/team-erstellen');
  });

  it('item-new creates a project and opens its editor', async () => {
    answer('GET', '/v5/user/link', { links: [tsv] });
    answer('POST', `/v5/team/${tsv.id}/project`, { projectId: project(1).projectId, link: 'sommerfest', shareHash: 'h', checkpoint: 'c1' }, 201);
    const { user } = renderAt('/create/item-new');
    await user.type(await screen.findByLabelText('Name des Projekts'), 'Sommerfest');
    await user.click(screen.getByRole('button', { name: 'Projekt erstellen' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Adresse' })).toHaveTextContent(`/manage/tsv/project/${project(1).projectId}`));
    expect(fetchCalls('POST', `/v5/team/${tsv.id}/project`)[0]?.body).toMatchObject({ name: 'Sommerfest', link: 'sommerfest' });
  });

  it('item-setup lists the team\u2019s presets, item its projects, each linking on', async () => {
    answer('GET', '/v5/user/link', { links: [tsv] });
    answer('GET', `/v5/team/${tsv.id}/preset`, { presets: [{ ...project(9), name: 'Helferliste' }], columns: [] });
    answer('GET', `/v5/team/${tsv.id}/project`, { projects: [project(1), project(2)] });
    renderAt('/create/item-setup');
    expect(await screen.findByRole('link', { name: 'Vorlage Helferliste verwenden' })).toHaveAttribute('href', `/manage/tsv/preset/${project(9).projectId}`);
    expect(screen.getByRole('link', { name: 'Zurück zur Auswahl' })).toHaveAttribute('href', '/create');
    expect(screen.getByRole('link', { name: /Fertige Vorlagen aus der Galerie/ })).toHaveAttribute('href', '/manage/tsv/templates');
  });

  it('item lists the projects to add lists and items to', async () => {
    answer('GET', '/v5/user/link', { links: [tsv] });
    answer('GET', `/v5/team/${tsv.id}/project`, { projects: [project(1), project(2)] });
    renderAt('/create/item');
    expect(await screen.findByRole('link', { name: 'Projekt 2 bearbeiten' })).toHaveAttribute('href', `/manage/tsv/project/${project(2).projectId}`);
    expect(fetchCalls('GET', `/v5/team/${tsv.id}/project`)[0]?.query.get('filter')).toBe('project');
  });
});
