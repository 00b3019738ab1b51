import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { Popup } from '../../app/popup';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { answerTeamAccess } from '../../shared/testing/team-access';
import { ManageProjectsRoute } from './manage-projects-page';
import type { ItemView, ListView, ProjectTree } from './projects.api';

const teamId = '0b9a4c1e-e0e0-4aaa-8bbb-000000000001';
const projectId = '0b9a4c1e-e0e0-4aaa-8bbb-000000000002';
const phaseId = '0b9a4c1e-e0e0-4aaa-8bbb-000000000003';
const listId = '0b9a4c1e-e0e0-4aaa-8bbb-000000000004';
const treePath = `/v5/team/${teamId}/project/${projectId}`;
const item = (n: number, name: string, change: Partial<ItemView> = {}): ItemView => ({
  itemId: `0b9a4c1e-e0e0-4aaa-8bbb-00000000010${n}`, name, description: '', capacity: 4, vote: null, date: null, time: null,
  placed: 1, waitlisted: 0, free: 3, signups: [], mine: [], ...change,
});
const buffet: ListView = {
  listId, phaseId, type: 1, name: 'Buffet', description: 'Bitte bis Freitag', window: { opensAt: null, closesAt: null, endsAt: null }, windowState: 'open',
  attendance: 'automatic', fields: [], settings: { waitlist: true, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, namesVisible: true,
  items: [item(1, 'Kuchen', { waitlisted: 2 }), item(2, 'Getränke', { capacity: null, free: null, placed: 5 })],
};
const tree = (change: Partial<ProjectTree['project']> = {}, lists: ListView[] = [buffet], phases = [{ phaseId, name: 'Aufbau', description: '', folderId: null }]): ProjectTree => ({
  project: {
    projectId, teamId, link: 'sommerfest', name: 'Sommerfest', colour: 1, status: 1, locked: false, visibility: 'public', startDate: null,
    description: '', comments: false, ...change,
  },
  viewer: { admin: true, member: true },
  phases,
  lists,
  version: 4,
  management: { previousStatus: null, shareHash: 'h1', hasPassword: false, hideArchived: false, createdBy: 'u', createdAt: '2027-01-01T10:00:00.000Z', copiedFrom: null },
});

function renderEditor(answerTree: ProjectTree | null, level: 'owner' | 'admin' = 'owner') {
  answerTeamAccess(teamId, 'tsv', level);
  answer('GET', '/v5/dev/status', { devMode: false });
  if (answerTree) answer('GET', treePath, answerTree);
  return renderConsole(
    <>
      <Routes>
        <Route path="/manage/:ccLink/project/:folderId?" element={<ManageProjectsRoute />} />
      </Routes>
      <Popup />
    </>,
    { path: `/manage/tsv/project/${projectId}` },
  );
}

describe('ProjectEditorPage', () => {
  it('shows the project with its phases, lists and items, and the ways back and to the public view', async () => {
    renderEditor(tree());
    expect(await screen.findByRole('heading', { level: 1, name: /Sommerfest/ })).toBeVisible();
    expect(screen.getByTestId('project-status')).toHaveTextContent('Aktiv');
    expect(screen.getByRole('link', { name: 'Alle Projekte' })).toHaveAttribute('href', '/manage/tsv/project');
    expect(screen.getByRole('link', { name: 'Öffentliche Ansicht' })).toHaveAttribute('href', '/sommerfest');
    const phase = screen.getByRole('region', { name: 'Aufbau' });
    const list = within(phase).getByTestId('list');
    expect(within(list).getByRole('heading', { name: 'Buffet' })).toBeVisible();
    expect(list).toHaveTextContent('Bitte bis Freitag');
    expect(within(list).getByText('Warteliste', { selector: '.badge' })).toBeVisible();
    expect(within(list).getByText('Ohne Anmeldung', { selector: '.badge' })).toBeVisible();
    expect(list).toHaveTextContent('1 / 4 belegt · 2 auf der Warteliste');
    expect(list).toHaveTextContent('5 eingetragen');
    expect(screen.getByRole('button', { name: 'Aktionen für Sommerfest' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Projekt freigeben' })).not.toBeInTheDocument();
  });

  it('offers Einladen in the header, which opens the invitation dialog of the project; not for a project in the trash', async () => {
    const { user, unmount } = renderEditor(tree());
    await user.click(await screen.findByRole('button', { name: 'Einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zum Projekt einladen' });
    expect(within(dialog).getByRole('tab', { name: 'Per E-Mail' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByText('Sommerfest')).toBeVisible();
    unmount();
    renderEditor(tree({ status: 0 }));
    await screen.findByRole('heading', { level: 1, name: /Sommerfest/ });
    expect(screen.queryByRole('button', { name: 'Einladen' })).not.toBeInTheDocument();
  });

  it('says where to start in an empty project and adds the first phase', async () => {
    answer('POST', `${treePath}/phase`, { projectId, phaseId, checkpoint: 'c1' }, 201);
    const { user } = renderEditor(tree({}, [], []));
    expect(await screen.findByText('Lege eine Phase an, um Listen hinzuzufügen.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Phase hinzufügen' }));
    const dialog = screen.getByRole('dialog', { name: 'Neue Phase' });
    await user.type(within(dialog).getByLabelText('Name'), 'Aufbau');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Neue Phase' })).not.toBeInTheDocument());
    expect(fetchCalls('POST', `${treePath}/phase`)[0]?.body).toEqual({ name: 'Aufbau', description: '', folderId: null });
  });

  it('lets the owner release a planning project, the button disabled meanwhile', async () => {
    const release = hold('PUT', `${treePath}/status`, { projectId, status: 1, changed: true, checkpoint: 'c1' });
    const { user } = renderEditor(tree({ status: 3 }));
    expect(await screen.findByText('Dieses Projekt ist in Planung: nur die Verwaltung sieht es.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Projekt freigeben' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Projekt freigeben' })).toBeDisabled());
    answer('GET', treePath, tree({ status: 1 }));
    release();
    expect(await screen.findByText('Das Projekt ist freigegeben.')).toBeVisible();
    expect(fetchCalls('PUT', `${treePath}/status`)[0]?.body).toEqual({ status: 1 });
  });

  it('offers an admin no release of a planning project', async () => {
    renderEditor(tree({ status: 3 }), 'admin');
    expect(await screen.findByText('Dieses Projekt ist in Planung: nur die Verwaltung sieht es.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Projekt freigeben' })).not.toBeInTheDocument();
  });

  it('deletes a phase only after the confirmation', async () => {
    answer('DELETE', `${treePath}/phase/${phaseId}`, { projectId, checkpoint: 'c1' });
    const { user } = renderEditor(tree());
    await user.click(await screen.findByRole('button', { name: 'Aktionen für Phase Aufbau' }));
    await user.click(screen.getByRole('menuitem', { name: 'Löschen' }));
    const confirm = screen.getByRole('dialog', { name: 'Löschen' });
    expect(confirm).toHaveTextContent('Phase „Aufbau“ mit allen Listen und Einträgen löschen?');
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(fetchCalls('DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Aktionen für Phase Aufbau' }));
    await user.click(screen.getByRole('menuitem', { name: 'Löschen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Löschen' })).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(fetchCalls('DELETE', `${treePath}/phase/${phaseId}`)).toHaveLength(1));
  });

  it('opens the dialogs of a new item in a list and of an existing item', async () => {
    const { user } = renderEditor(tree());
    const list = await screen.findByTestId('list');
    await user.click(within(list).getByRole('button', { name: 'Eintrag hinzufügen' }));
    expect(screen.getByRole('dialog', { name: 'Neuer Eintrag in Buffet' })).toBeVisible();
    await user.keyboard('{Escape}');
    await user.click(within(list).getByRole('button', { name: 'Aktionen für Eintrag Kuchen' }));
    await user.click(screen.getByRole('menuitem', { name: 'Bearbeiten' }));
    expect(screen.getByRole('dialog', { name: 'Eintrag bearbeiten' })).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('Kuchen');
  });

  it('shows why the project cannot be opened', async () => {
    answerError('GET', treePath, { status: 404, intern: 'not_found', text: 'no such project' });
    renderEditor(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nicht gefunden.');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});
