import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { answerTeamAccess } from '../../shared/testing/team-access';
import { ManageProjectsRoute } from './manage-projects-page';
import type { ProjectOverviewEntry } from './projects.api';

const teamId = '0b9a4c1e-3a3a-4aaa-8bbb-000000000001';
const projectsPath = `/v5/team/${teamId}/project`;
const entry = (n: number, name: string, link: string, status: ProjectOverviewEntry['status'], counts: Partial<ProjectOverviewEntry['counts']> = {}, locked = false): ProjectOverviewEntry => ({
  projectId: `0b9a4c1e-3a3a-4aaa-8bbb-00000000010${n}`, teamId, link, name, colour: n, status, previousStatus: null, locked,
  visibility: 'public', startDate: null, shareHash: `h${n}`,
  counts: { phases: 1, lists: 2, items: 4, placed: 3, waitlisted: 0, signups: 3, capacity: 10, unlimitedItems: 0, ...counts },
  createdBy: 'u', createdAt: '2027-01-01T10:00:00.000Z', updatedAt: '2027-01-01T10:00:00.000Z',
});
const sommerfest = entry(1, 'Sommerfest', 'sommerfest', 1, { waitlisted: 2 });
const lager = entry(2, 'Zeltlager', 'lager-2027', 3, { lists: 1, placed: 4, capacity: 0, unlimitedItems: 2 });
const weihnachten = entry(3, 'Weihnachtsmarkt', 'xmas', 1, {}, true);

function renderPage(projects: ProjectOverviewEntry[] = [sommerfest, lager, weihnachten], path = '/manage/tsv/project') {
  answerTeamAccess(teamId, 'tsv', 'owner');
  answer('GET', '/v5/dev/status', { devMode: false });
  answer('GET', projectsPath, { projects });
  return renderConsole(
    <Routes>
      <Route path="/manage/:ccLink/project" element={<ManageProjectsRoute />} />
      <Route path="/manage/:ccLink/project/:projectId" element={<p>Projekt-Editor</p>} />
    </Routes>,
    { path },
  );
}

const rows = () => screen.queryAllByTestId('project-row');
const names = () => rows().map((row) => within(row).getByRole('link').textContent);

describe('ManageProjectsPage', () => {
  it('lists the projects of the team with status, lists, places and link', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Projekte des Teams' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Status', 'Listen', 'Eintragungen', 'Link', 'Aktionen']);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').slice(1, 5).map((cell) => cell.textContent);
    const [first, second, third] = rows();
    expect(within(first!).getByRole('link', { name: 'Sommerfest' })).toHaveAttribute('href', `/manage/tsv/project/${sommerfest.projectId}`);
    expect(cells(first!)).toEqual(['Aktiv', '2', '3 von 10 · 2 auf der Warteliste', '/sommerfest']);
    expect(cells(second!)).toEqual(['In Planung', '1', '4 (unbegrenzt)', '/lager-2027']);
    expect(cells(third!)[0]).toBe('Gesperrt');
    expect(within(first!).getByRole('button', { name: 'Aktionen für Sommerfest' })).toBeVisible();
    // Everything but the trash, of the kind "projects".
    expect(fetchCalls('GET', projectsPath)[0]?.query.get('filter')).toBe('project');
    expect(fetchCalls('GET', projectsPath)[0]?.query.get('status')).toBe('1,2,3,4,5,10');
  });

  it('leads to the presets and the activity of the team', async () => {
    renderPage();
    expect(await screen.findByRole('link', { name: 'Vorlagen' })).toHaveAttribute('href', '/manage/tsv/preset');
    expect(screen.getByRole('link', { name: 'Aktivität' })).toHaveAttribute('href', '/manage/tsv/activity');
  });

  it('finds projects by name, ignoring case, or by link', async () => {
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Projekte des Teams' });
    const search = screen.getByRole('searchbox', { name: 'Suchen' });
    await user.type(search, 'SOMMER');
    expect(names()).toEqual(['Sommerfest']);
    await user.clear(search);
    await user.type(search, 'xmas');
    expect(names()).toEqual(['Weihnachtsmarkt']);
    await user.clear(search);
    await user.type(search, 'nichts davon');
    expect(names()).toEqual([]);
    expect(screen.getByText('Kein Projekt passt zu „nichts davon“.')).toBeVisible();
    // The team has projects: no invitation to start the first one.
    expect(screen.queryByRole('region', { name: 'Noch keine Projekte' })).not.toBeInTheDocument();
  });

  it('asks for the projects of the chosen status, the trash among them', async () => {
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Projekte des Teams' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Alle außer Papierkorb', 'Aktiv', 'In Planung', 'Vorlage', 'Abgeschlossen', 'Versteckt', 'Archiviert', 'Papierkorb',
    ]);
    answer('GET', projectsPath, { projects: [entry(4, 'Altes Fest', 'alt', 0)] });
    await user.selectOptions(status, 'Papierkorb');
    await waitFor(() => expect(names()).toEqual(['Altes Fest']));
    expect(fetchCalls('GET', projectsPath).at(-1)?.query.get('status')).toBe('0');
    expect(rows()[0]).toHaveTextContent('Gelöscht');
  });

  it('shows only the projects, without tabs for kinds that do not exist yet', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Projekte des Teams' });
    expect(screen.queryByRole('navigation', { name: 'Art' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Formulare' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Kalender' })).not.toBeInTheDocument();
  });

  it.each(['calendar', 'form', 'anything'])('shows the projects for ?filter=%s and asks only for projects', async (kind) => {
    renderPage(undefined, `/manage/tsv/project?filter=${kind}`);
    await screen.findByRole('table', { name: 'Projekte des Teams' });
    expect(names()).toEqual(['Sommerfest', 'Zeltlager', 'Weihnachtsmarkt']);
    expect(fetchCalls('GET', projectsPath).map((call) => call.query.get('filter'))).toEqual(['project']);
  });

  it('shows a skeleton of the table while the projects load', async () => {
    renderPage();
    // The grey rows of a table, announced once as loading; then the table itself.
    await waitFor(() => expect(document.querySelector('.skeleton-table')).toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    await screen.findByRole('table', { name: 'Projekte des Teams' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('welcomes a team without projects with the ways to start one', async () => {
    const { user } = renderPage([]);
    const empty = await screen.findByRole('region', { name: 'Noch keine Projekte' });
    expect(empty).toHaveTextContent('Starte mit einer fertigen Vorlage oder einem leeren Projekt.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Aus Vorlagen-Galerie' })).toHaveAttribute('href', '/manage/tsv/templates');
    await user.click(within(empty).getByRole('button', { name: 'Neues Projekt' }));
    expect(screen.getByRole('dialog', { name: 'Neues Projekt' })).toBeVisible();
  });

  it('says when the trash is empty, and when no project has the chosen status', async () => {
    const { user } = renderPage([]);
    await screen.findByRole('region', { name: 'Noch keine Projekte' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    await user.selectOptions(status, 'Papierkorb');
    const trash = await screen.findByRole('region', { name: 'Der Papierkorb ist leer.' });
    expect(within(trash).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Noch keine Projekte' })).not.toBeInTheDocument();
    await user.selectOptions(status, 'Archiviert');
    expect(await screen.findByText('Kein Projekt hat diesen Status.')).toBeVisible();
  });

  it('creates a project and opens its editor', async () => {
    const projectId = '0b9a4c1e-3a3a-4aaa-8bbb-000000000200';
    answer('POST', projectsPath, { projectId, link: 'herbstfest', shareHash: 'h', checkpoint: 'c1' }, 201);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Neues Projekt' }));
    const dialog = screen.getByRole('dialog', { name: 'Neues Projekt' });
    await user.type(within(dialog).getByLabelText('Name des Projekts'), 'Herbstfest');
    await user.click(within(dialog).getByRole('button', { name: 'Projekt erstellen' }));
    expect(await screen.findByText('Projekt-Editor')).toBeVisible();
    expect(fetchCalls('POST', projectsPath)[0]?.body).toMatchObject({ name: 'Herbstfest', link: 'herbstfest' });
  });

  it('closes the create dialog without creating', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Neues Projekt' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Neues Projekt' })).not.toBeInTheDocument();
    expect(fetchCalls('POST', projectsPath)).toEqual([]);
  });

  it('shows why the projects cannot be read', async () => {
    answerTeamAccess(teamId, 'tsv', 'owner');
    answerError('GET', projectsPath, { status: 403, intern: null, text: 'Keine Berechtigung für die Projekte.' });
    renderConsole(<Routes><Route path="/manage/:ccLink/project" element={<ManageProjectsRoute />} /></Routes>, { path: '/manage/tsv/project' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Keine Berechtigung für die Projekte.');
  });
});
