import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { Popup } from '../../app/popup';
import { ActionMenu } from '../../shared/ui';
import { answer, answerError, answerFile, fetchCalls } from '../../shared/testing/fetch-stub';
import { queryAnswered } from '../../shared/testing/query-state';
import { renderConsole } from '../../shared/testing/render';
import { useProjectActions, type ActionProject } from './project-actions';

const teamId = '0b9a4c1e-acac-4aaa-8bbb-000000000001';
const projectId = '0b9a4c1e-acac-4aaa-8bbb-000000000002';
const projectPath = `/v5/team/${teamId}/project/${projectId}`;
const statusPath = `${projectPath}/status`;
const project = (status: ActionProject['status']): ActionProject => ({
  projectId, name: 'Sommerfest', colour: 1, status, locked: false, visibility: 'public', startDate: null, link: 'sommerfest', shareHash: 'h1',
});
const statusAnswer = (status: ActionProject['status']) => ({ projectId, status, changed: true, checkpoint: 'c1' });

// A screen shows the context menu of a project with the actions' element beside it.
function Menu({ entry, owner, inEditor }: { entry: ActionProject; owner: boolean; inEditor: boolean }) {
  const actions = useProjectActions(teamId, 'tsv', owner);
  return <>{actions.element}<ActionMenu label="Aktionen für Sommerfest" entries={actions.entriesFor(entry, { inEditor })} /></>;
}

function renderMenu(entry: ActionProject, { owner = false, inEditor = false, devMode = false } = {}) {
  answer('GET', '/v5/dev/status', { devMode });
  return renderConsole(
    <>
      <Routes>
        <Route path="/manage/:ccLink/project" element={<><p>Projektliste</p><Menu entry={entry} owner={owner} inEditor={inEditor} /></>} />
        <Route path="/manage/:ccLink/project/:projectId" element={<><p>Projekt-Editor</p><Menu entry={entry} owner={owner} inEditor={inEditor} /></>} />
        <Route path="/:prjLink" element={<p>Öffentliche Ansicht</p>} />
      </Routes>
      <Popup />
    </>,
    { path: inEditor ? `/manage/tsv/project/${projectId}` : '/manage/tsv/project' },
  );
}

async function openMenu(rendered: ReturnType<typeof renderMenu>): Promise<string[]> {
  await rendered.user.click(screen.getByRole('button', { name: 'Aktionen für Sommerfest' }));
  return within(screen.getByRole('menu')).getAllByRole('menuitem').map((entry) => entry.textContent ?? '');
}

async function choose(rendered: ReturnType<typeof renderMenu>, label: string) {
  await openMenu(rendered);
  await rendered.user.click(screen.getByRole('menuitem', { name: label }));
}

const ALL_BUT_TRASH = ['Einstellungen', 'Einladen', 'Kopieren', 'Neue Vorlage', 'Leeren', 'Export CSV', 'Export Excel (XLSX)', 'In den Papierkorb'];

describe('useProjectActions', () => {
  it('offers an admin the entries of an active project, without release and permanent delete', async () => {
    const rendered = renderMenu(project(1));
    await queryAnswered(rendered.store, 'getDevStatus');
    expect(await openMenu(rendered)).toEqual(['Bearbeiten', 'Öffentliche Ansicht öffnen', ...ALL_BUT_TRASH]);
  });

  it('offers the release of a planning project to the owner only', async () => {
    const owner = renderMenu(project(3), { owner: true });
    expect(await openMenu(owner)).toEqual(['Bearbeiten', 'Öffentliche Ansicht öffnen', 'Freigeben', ...ALL_BUT_TRASH]);
    owner.unmount();
    const admin = renderMenu(project(3));
    expect(await openMenu(admin)).not.toContain('Freigeben');
  });

  it('offers no new preset from a preset, and no Bearbeiten inside the editor', async () => {
    const preset = renderMenu(project(2));
    expect(await openMenu(preset)).not.toContain('Neue Vorlage');
    preset.unmount();
    const editor = renderMenu(project(1), { inEditor: true });
    expect(await openMenu(editor)).toEqual(['Öffentliche Ansicht öffnen', ...ALL_BUT_TRASH]);
  });

  it('offers restore and permanent delete in the trash, and the exports', async () => {
    const rendered = renderMenu(project(0), { owner: true });
    expect(await openMenu(rendered)).toEqual(['Bearbeiten', 'Export CSV', 'Export Excel (XLSX)', 'Wiederherstellen', 'Endgültig löschen']);
  });

  it('offers the permanent delete outside the trash in development mode', async () => {
    const rendered = renderMenu(project(1), { devMode: true });
    await queryAnswered(rendered.store, 'getDevStatus');
    expect((await openMenu(rendered)).at(-1)).toBe('Endgültig löschen');
  });

  it('moves the project to the trash only after the confirmation', async () => {
    answer('PUT', statusPath, statusAnswer(0));
    const rendered = renderMenu(project(1));
    await choose(rendered, 'In den Papierkorb');
    const confirm = screen.getByRole('dialog', { name: 'In den Papierkorb' });
    expect(confirm).toHaveTextContent('„Sommerfest“ in den Papierkorb verschieben?');
    await rendered.user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(fetchCalls('PUT', statusPath)).toEqual([]);

    await choose(rendered, 'In den Papierkorb');
    await rendered.user.click(within(screen.getByRole('dialog', { name: 'In den Papierkorb' })).getByRole('button', { name: 'In den Papierkorb' }));
    expect(await screen.findByText('Erledigt.')).toBeVisible();
    expect(fetchCalls('PUT', statusPath).map((call) => call.body)).toEqual([{ status: 0 }]);
  });

  it('releases a planning project at once', async () => {
    answer('PUT', statusPath, statusAnswer(1));
    const rendered = renderMenu(project(3), { owner: true });
    await choose(rendered, 'Freigeben');
    expect(await screen.findByText('Erledigt.')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchCalls('PUT', statusPath).map((call) => call.body)).toEqual([{ status: 1 }]);
  });

  it('shows the project limit of a release with the way to change a status', async () => {
    answerError('PUT', statusPath, { status: 403, intern: 6201, text: 'limit' });
    const rendered = renderMenu(project(3), { owner: true });
    await choose(rendered, 'Freigeben');
    expect(await screen.findByRole('alert')).toHaveTextContent('Du hast die Grenze an Projekten erreicht.');
    expect(screen.getByRole('link', { name: 'Status ändern' })).toHaveAttribute('href', '/manage/tsv/project');
    expect(screen.queryByText('Erledigt.')).not.toBeInTheDocument();
  });

  it('restores from the trash', async () => {
    answer('PUT', statusPath, statusAnswer(1));
    const rendered = renderMenu(project(0));
    await choose(rendered, 'Wiederherstellen');
    await waitFor(() => expect(fetchCalls('PUT', statusPath).map((call) => call.body)).toEqual([{ restore: true }]));
  });

  it('deletes permanently after the confirmation and leaves the editor for the list', async () => {
    answer('DELETE', projectPath, { projectId, checkpoint: 'c1' });
    const rendered = renderMenu(project(0), { inEditor: true });
    await choose(rendered, 'Endgültig löschen');
    const confirm = screen.getByRole('dialog', { name: 'Endgültig löschen' });
    expect(confirm).toHaveTextContent('„Sommerfest“ endgültig löschen? Das kann nicht rückgängig gemacht werden.');
    await rendered.user.click(within(confirm).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByText('Projektliste')).toBeVisible();
    expect(fetchCalls('DELETE', projectPath)).toHaveLength(1);
  });

  it('empties the project after the confirmation and says how many sign-ups went', async () => {
    answer('POST', `${projectPath}/clean`, { projectId, lists: 2, cleared: 7, checkpoint: 'c1' });
    const rendered = renderMenu(project(1));
    await choose(rendered, 'Leeren');
    const confirm = screen.getByRole('dialog', { name: 'Leeren' });
    expect(confirm).toHaveTextContent('Alle Eintragungen aller Listen von „Sommerfest“ löschen?');
    await rendered.user.click(within(confirm).getByRole('button', { name: 'Leeren' }));
    expect(await screen.findByText('7 Eintragungen gelöscht.')).toBeVisible();
    expect(fetchCalls('POST', `${projectPath}/clean`)).toHaveLength(1);
  });

  it('opens the public view, and the dialogs of settings, invitation, copy and new preset', async () => {
    const rendered = renderMenu(project(1));
    await choose(rendered, 'Einstellungen');
    expect(screen.getByRole('dialog', { name: 'Einstellungen des Projekts' })).toBeVisible();
    await rendered.user.keyboard('{Escape}');
    await choose(rendered, 'Einladen');
    expect(await screen.findByRole('dialog', { name: 'Zum Projekt einladen' })).toBeVisible();
    await rendered.user.keyboard('{Escape}');
    await choose(rendered, 'Kopieren');
    expect(screen.getByRole('dialog', { name: 'Projekt kopieren' })).toBeVisible();
    await rendered.user.keyboard('{Escape}');
    await choose(rendered, 'Neue Vorlage');
    expect(screen.getByRole('dialog', { name: 'Als Vorlage speichern' })).toBeVisible();
    await rendered.user.keyboard('{Escape}');
    await choose(rendered, 'Öffentliche Ansicht öffnen');
    expect(await screen.findByText('Öffentliche Ansicht')).toBeVisible();
  });
});

describe('useProjectActions export', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  const { click } = HTMLAnchorElement.prototype;
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = () => 'blob:http://localhost/export';
    URL.revokeObjectURL = () => undefined;
    // jsdom does not download: the saved file's name is recorded.
    HTMLAnchorElement.prototype.click = function record(this: HTMLAnchorElement) {
      saved.push(this.download);
    };
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    HTMLAnchorElement.prototype.click = click;
  });

  it('downloads the CSV export under the server name and says so', async () => {
    answerFile('GET', `${projectPath}/export`, 'Name;Liste\nAda;Buffet\n', {
      'content-type': 'text/csv', 'content-disposition': 'attachment; filename="sommerfest-2027.csv"',
    });
    const rendered = renderMenu(project(1));
    await choose(rendered, 'Export CSV');
    expect(await screen.findByText('Der Export wurde heruntergeladen.')).toBeVisible();
    expect(saved).toEqual(['sommerfest-2027.csv']);
    expect(fetchCalls('GET', `${projectPath}/export`)[0]?.query.get('format')).toBe('csv');
  });

  it('shows why an export failed', async () => {
    answerError('GET', `${projectPath}/export`, { status: 403, intern: null, text: 'Export nur für die Verwaltung.' });
    const rendered = renderMenu(project(1));
    await choose(rendered, 'Export Excel (XLSX)');
    expect(await screen.findByRole('alert')).toHaveTextContent('Export nur für die Verwaltung.');
    expect(fetchCalls('GET', `${projectPath}/export`)[0]?.query.get('format')).toBe('xlsx');
    expect(saved).toEqual([]);
  });
});
