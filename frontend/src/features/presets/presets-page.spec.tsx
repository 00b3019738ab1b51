import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ItemView, ListView, ProjectOverviewEntry, useGetProjectTreeQuery } from '../projects';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { queryAnswered } from '../../shared/testing/query-state';
import { renderConsole } from '../../shared/testing/render';
import { answerTeamAccess } from '../../shared/testing/team-access';
import { PresetDetailsPage, PresetsPage } from './presets-page';

const teamId = '0b9a4c1e-9e9e-4aaa-8bbb-000000000001';
const preset = (n: number, name: string, startDate: string | null, counts: Partial<ProjectOverviewEntry['counts']> = {}): ProjectOverviewEntry => ({
  projectId: `0b9a4c1e-9e9e-4aaa-8bbb-00000000010${n}`, teamId, link: `vorlage-${n}`, name, colour: n, status: 2,
  previousStatus: null, locked: false, visibility: 'public', startDate, shareHash: `h${n}`,
  counts: { phases: 1, lists: 1, items: 1, placed: 0, waitlisted: 0, signups: 0, capacity: 0, unlimitedItems: 0, ...counts },
  createdBy: 'u', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
});
const fest = preset(1, 'Vorlage Fest', '2027-05-01', { phases: 2, lists: 3, items: 12 });
const lager = preset(2, 'Vorlage Lager', null);
const presetsPath = `/v5/team/${teamId}/preset`;
const statusPath = `/v5/team/${teamId}/project/${fest.projectId}/status`;

function renderPage(presets: ProjectOverviewEntry[] = [fest, lager]) {
  answerTeamAccess(teamId, 'tsv', 'owner');
  answer('GET', presetsPath, { presets, columns: [] });
  return renderConsole(
    <Routes>
      <Route path="/manage/:ccLink/preset" element={<PresetsPage />} />
      <Route path="/manage/:ccLink/preset/:presetId" element={<p>Vorlagen-Details</p>} />
      <Route path="/manage/:ccLink/project/:projectId" element={<p>Projekt-Editor</p>} />
    </Routes>,
    { path: '/manage/tsv/preset' },
  );
}

async function presetCard(name: string): Promise<HTMLElement> {
  const cards = await screen.findAllByTestId('preset');
  const card = cards.find((candidate) => within(candidate).queryByRole('heading', { name }));
  if (!card) throw new Error(`no preset ${name}`);
  return card;
}

describe('PresetsPage', () => {
  it('lists the presets with their size and start date, each linked to its details', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Vorlagen', level: 1 })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Vorlagen des Teams' });
    expect(within(list).getAllByTestId('preset')).toHaveLength(2);
    const card = await presetCard('Vorlage Fest');
    expect(card).toHaveTextContent('2 Phasen, 3 Listen, 12 Einträge · 1.5.2027');
    expect(within(card).getByRole('link', { name: 'Vorlage Fest' })).toHaveAttribute('href', `/manage/tsv/preset/${fest.projectId}`);
    expect(await presetCard('Vorlage Lager')).toHaveTextContent('ohne Startdatum');
    expect(screen.getByRole('link', { name: 'Zu den Projekten' })).toHaveAttribute('href', '/manage/tsv/project');
    // The saved columns sit below the presets.
    expect(screen.getByRole('heading', { name: 'Vorlagen-Spalten' })).toBeVisible();
  });

  it('says when the team has no presets', async () => {
    renderPage([]);
    expect(await screen.findByText('Noch keine Vorlagen.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Vorlagen des Teams' })).not.toBeInTheDocument();
  });

  it('opens the dialog that creates a project from the chosen preset', async () => {
    const { user } = renderPage();
    await user.click(within(await presetCard('Vorlage Lager')).getByRole('button', { name: 'Projekt daraus erstellen' }));
    expect(screen.getByRole('dialog', { name: 'Projekt aus „Vorlage Lager“ erstellen' })).toBeVisible();
    expect(screen.getByLabelText('Name des Projekts')).toHaveValue('Vorlage Lager');
  });

  it('offers viewing, editing and deleting in the menu of a preset', async () => {
    const { user } = renderPage();
    await user.click(within(await presetCard('Vorlage Fest')).getByRole('button', { name: 'Aktionen für Vorlage Vorlage Fest' }));
    const menu = screen.getByRole('menu', { name: 'Aktionen für Vorlage Vorlage Fest' });
    expect(within(menu).getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual(['Ansehen', 'Im Editor bearbeiten', 'Löschen']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Im Editor bearbeiten' }));
    expect(await screen.findByText('Projekt-Editor')).toBeVisible();
  });

  it('opens the details from the menu', async () => {
    const { user } = renderPage();
    await user.click(within(await presetCard('Vorlage Fest')).getByRole('button', { name: 'Aktionen für Vorlage Vorlage Fest' }));
    await user.click(screen.getByRole('menuitem', { name: 'Ansehen' }));
    expect(await screen.findByText('Vorlagen-Details')).toBeVisible();
  });

  it('moves a preset to the trash only after the confirmation', async () => {
    answer('PUT', statusPath, { projectId: fest.projectId, status: 0, changed: true, checkpoint: 'c1' });
    const { user } = renderPage();
    const menuButton = within(await presetCard('Vorlage Fest')).getByRole('button', { name: 'Aktionen für Vorlage Vorlage Fest' });
    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Löschen' }));
    const confirm = screen.getByRole('dialog', { name: 'Löschen' });
    expect(confirm).toHaveTextContent('Vorlage „Vorlage Fest“ in den Papierkorb verschieben?');
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog', { name: 'Löschen' })).not.toBeInTheDocument();
    expect(fetchCalls('PUT', statusPath)).toEqual([]);

    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Löschen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Löschen' })).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(fetchCalls('PUT', statusPath)).toHaveLength(1));
    expect(fetchCalls('PUT', statusPath)[0]?.body).toEqual({ status: 0 });
  });

  it('shows why a preset could not be deleted', async () => {
    answerError('PUT', statusPath, { status: 403, intern: null, text: 'Nur Inhaber*in und Admins löschen Vorlagen.' });
    const { user } = renderPage();
    await user.click(within(await presetCard('Vorlage Fest')).getByRole('button', { name: 'Aktionen für Vorlage Vorlage Fest' }));
    await user.click(screen.getByRole('menuitem', { name: 'Löschen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Löschen' })).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nur Inhaber*in und Admins löschen Vorlagen.');
  });
});

const phaseId = '0b9a4c1e-9e9e-4aaa-8bbb-000000000201';
const groupId = '0b9a4c1e-9e9e-4aaa-8bbb-000000000202';
const item = (n: number, name: string, date: string | null = null): ItemView => ({
  itemId: `0b9a4c1e-9e9e-4aaa-8bbb-00000000030${n}`, name, description: '', capacity: 2, vote: null, date, time: null,
  placed: 0, waitlisted: 0, free: 2, signups: [], mine: [],
});
const list = (n: number, name: string, inPhase: string, items: ItemView[]): ListView => ({
  listId: `0b9a4c1e-9e9e-4aaa-8bbb-00000000040${n}`, phaseId: inPhase, type: 1, name, description: '',
  window: { opensAt: null, closesAt: null, endsAt: null }, windowState: 'open', attendance: 'automatic', fields: [],
  settings: { waitlist: false, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, namesVisible: true, items,
});
// The tree as the editor's query answers it (the projects feature exports no name for it).
const festTree: NonNullable<ReturnType<typeof useGetProjectTreeQuery>['data']> = {
  project: {
    projectId: fest.projectId, teamId, link: fest.link, name: 'Vorlage Fest', colour: 1, status: 2, locked: false, visibility: 'public',
    startDate: '2027-05-01', description: '', comments: false,
  },
  viewer: { admin: true, member: true },
  phases: [{ phaseId, name: 'Aufbau', description: '', folderId: null }, { phaseId: groupId, name: 'Bühne', description: '', folderId: phaseId }],
  lists: [list(1, 'Helfer', phaseId, [item(1, 'Zelt'), item(2, 'Bänke')]), list(2, 'Technik', groupId, [item(3, 'Licht')])],
  version: 3,
  management: { previousStatus: null, shareHash: 'h1', hasPassword: false, hideArchived: false, createdBy: 'u', createdAt: '2026-01-01T00:00:00.000Z', copiedFrom: null },
};

function renderDetails(presets: ProjectOverviewEntry[] = [fest]) {
  answerTeamAccess(teamId, 'tsv', 'owner');
  answer('GET', presetsPath, { presets, columns: [] });
  answer('GET', `/v5/team/${teamId}/project/${fest.projectId}`, festTree);
  return renderConsole(
    <Routes><Route path="/manage/:ccLink/preset/:presetId" element={<PresetDetailsPage />} /></Routes>,
    { path: `/manage/tsv/preset/${fest.projectId}` },
  );
}

describe('PresetDetailsPage', () => {
  it('shows what the preset holds by phase, the lists of a sub-group within its phase', async () => {
    renderDetails();
    expect(await screen.findByRole('heading', { level: 1, name: /Vorlage Fest/ })).toBeVisible();
    const phase = screen.getByRole('region', { name: 'Aufbau' });
    expect(within(phase).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Helfer', 'Technik']);
    expect(within(phase).getAllByRole('listitem').map((entry) => entry.textContent?.trim())).toEqual(['Zelt', 'Bänke', 'Licht']);
    expect(screen.getByRole('link', { name: 'Alle Vorlagen' })).toHaveAttribute('href', '/manage/tsv/preset');
    expect(screen.getByRole('link', { name: 'Im Editor bearbeiten' })).toHaveAttribute('href', `/manage/tsv/project/${fest.projectId}`);
  });

  it('creates a project from the preset in its dialog', async () => {
    const { user } = renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Projekt daraus erstellen' }));
    expect(screen.getByRole('dialog', { name: 'Projekt aus „Vorlage Fest“ erstellen' })).toBeVisible();
  });

  it('offers no creation for a project that is no longer a preset', async () => {
    const { store } = renderDetails([lager]);
    expect(await screen.findByRole('heading', { level: 1, name: /Vorlage Fest/ })).toBeVisible();
    await queryAnswered(store, 'listPresets');
    expect(screen.queryByRole('button', { name: 'Projekt daraus erstellen' })).not.toBeInTheDocument();
  });
});
