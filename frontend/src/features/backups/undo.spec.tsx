import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Popup } from '../../app/popup';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import type { UndoableAction } from './backups.api';
import { UndoPanel } from './undo';

const teamId = '0b9a4c1e-1111-4aaa-8bbb-000000000001';
const me = '0b9a4c1e-1111-4aaa-8bbb-000000000002';
const sommerfest = '0b9a4c1e-1111-4aaa-8bbb-000000000003';
const gone = '0b9a4c1e-1111-4aaa-8bbb-000000000004';
const undoPath = `/v5/team/${teamId}/undo`;
const projectNames = new Map([[sommerfest, 'Sommerfest']]);

const action = (n: number, change: Partial<UndoableAction> = {}): UndoableAction => ({
  commandId: `cmd-${n}`, at: '2027-05-03T10:00:00.000Z', projectId: sommerfest, types: ['ItemAdded'], events: 1, undone: false, ...change,
});

function renderPanel() {
  return renderConsole(<><UndoPanel teamId={teamId} userId={me} projectNames={projectNames} /><Popup /></>);
}

describe('UndoPanel', () => {
  it('lists my recent actions by project with what they did; an undone one has no button', async () => {
    answer('GET', undoPath, { actions: [
      action(1, { types: ['ListEdited', 'ItemAdded', 'ItemAdded'], events: 3 }),
      action(2, { projectId: gone, undone: true }),
    ] });
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Meine letzten Aktionen' })).toBeVisible();
    const [first, second] = await screen.findAllByTestId('undo-action');
    expect(first).toHaveTextContent('Sommerfest');
    expect(first).toHaveTextContent('Liste bearbeitet, Eintrag angelegt');
    expect(first).toHaveTextContent('3 Änderungen');
    expect(within(first!).getByRole('button', { name: 'Rückgängig: Liste bearbeitet, Eintrag angelegt' })).toBeEnabled();
    // A project no longer listed is named as a project.
    expect(second).toHaveTextContent('Projekt');
    expect(within(second!).getByText('Rückgängig gemacht')).toBeVisible();
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when there is nothing to undo', async () => {
    answer('GET', undoPath, { actions: [] });
    renderPanel();
    expect(await screen.findByText('Keine Aktionen in den letzten 24 Stunden.')).toBeVisible();
  });

  it('undoes one action, the buttons disabled meanwhile', async () => {
    answer('GET', undoPath, { actions: [action(1), action(2, { types: ['ListEdited'] })] });
    const release = hold('POST', undoPath, { restoreId: '0b9a4c1e-1111-4aaa-8bbb-000000000005', undoneCommandId: 'cmd-1', events: 1, checkpoint: 'c1' });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Rückgängig: Eintrag angelegt' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rückgängig: Liste bearbeitet' })).toBeDisabled());
    release();
    expect(await screen.findByText('Rückgängig gemacht.')).toBeVisible();
    expect(fetchCalls('POST', undoPath)[0]?.body).toEqual({ commandId: 'cmd-1' });
  });

  it('lists the later changes that stand in the way of an undo, at that action', async () => {
    answer('GET', undoPath, { actions: [action(1), action(2, { types: ['ListEdited'] })] });
    answerError('POST', undoPath, { status: 409, intern: 'undo_conflict', text: 'conflict' }, { conflicts: [
      { commandId: 'cmd-9', at: '2027-05-03T11:00:00.000Z', actor: { kind: 'user', id: '0b9a4c1e-1111-4aaa-8bbb-000000000006' }, type: 'ItemAdded', stream: 'item-1', objects: [] },
      { commandId: 'cmd-8', at: '2027-05-03T12:00:00.000Z', actor: { kind: 'system', id: '' }, type: 'ListEdited', stream: 'list-1', objects: [] },
    ] });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Rückgängig: Liste bearbeitet' }));
    const conflict = await screen.findByTestId('undo-conflict');
    expect(conflict).toHaveRole('alert');
    expect(conflict).toHaveTextContent('Das kann nicht rückgängig gemacht werden: dieselben Daten wurden danach noch einmal geändert.');
    const entries = within(conflict).getAllByRole('listitem').map((entry) => entry.textContent);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatch(/von jemand anderem: Eintrag angelegt$/);
    expect(entries[1]).toMatch(/von dem System: Liste bearbeitet$/);
    expect(conflict).toHaveTextContent('Mache zuerst die neueren Änderungen rückgängig');
    // The error sits with the action that failed.
    const [first, second] = screen.getAllByTestId('undo-action');
    expect(within(second!).getByTestId('undo-conflict')).toBe(conflict);
    expect(within(first!).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Rückgängig gemacht.')).not.toBeInTheDocument();
  });

  it('says an action was already undone', async () => {
    answer('GET', undoPath, { actions: [action(1)] });
    answerError('POST', undoPath, { status: 409, intern: 'undo_already_done', text: 'done' });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Rückgängig: Eintrag angelegt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Aktion wurde bereits rückgängig gemacht.');
  });

  it('shows an error of the list', async () => {
    answerError('GET', undoPath, { status: 403, intern: 'no_permission', text: 'forbidden' });
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Du hast keine Berechtigung für diesen Bereich.');
  });
});
