import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import type { ListView, PhaseView } from '../projects.api';
import { ListDialog } from './list-dialog';
import { NotificationsButton, NotificationsDialog } from './notifications-dialog';

const target = { teamId: '0b9a4c1e-9999-4aaa-8bbb-000000000001', projectId: '0b9a4c1e-9999-4aaa-8bbb-000000000002' };
const listId = '0b9a4c1e-9999-4aaa-8bbb-000000000003';
const settingsPath = `/v5/team/${target.teamId}/project/${target.projectId}/notifications`;
const reminderPath = (id: string) => `/v5/team/${target.teamId}/project/${target.projectId}/list/${id}/reminder`;
const phase: PhaseView = { phaseId: '0b9a4c1e-9999-4aaa-8bbb-000000000004', name: 'Aufbau', description: '', folderId: null };
const list: ListView = {
  listId, phaseId: phase.phaseId, type: 1, name: 'Buffet', description: '',
  window: { opensAt: null, closesAt: null, endsAt: null }, windowState: 'open', attendance: 'automatic', fields: [],
  settings: { waitlist: false, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, namesVisible: true, items: [],
};

describe('NotificationsDialog', () => {
  it('shows my own choice from the server and saves another one', async () => {
    answer('GET', settingsPath, { projectId: target.projectId, reminders: {}, mode: 'off' });
    answer('PUT', settingsPath, { projectId: target.projectId, mode: 'digest', checkpoint: 'c1' });
    const onClose = jest.fn();
    const { user } = renderConsole(<NotificationsDialog target={target} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Benachrichtigungen zu Eintragungen' });
    expect(within(dialog).getByText('Deine eigene Wahl für dieses Projekt: andere aus der Verwaltung entscheiden für sich.')).toBeVisible();
    const group = within(dialog).getByRole('group', { name: 'E-Mails an mich' });
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Keine E-Mails' })).toBeChecked());
    await user.click(within(group).getByRole('radio', { name: 'Tägliche Zusammenfassung (morgens um 7 Uhr, nur wenn sich etwas getan hat)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('PUT', settingsPath)[0]?.body).toEqual({ mode: 'digest' });
  });

  it('keeps the dialog open and shows the server’s refusal', async () => {
    answer('GET', settingsPath, { projectId: target.projectId, reminders: {}, mode: 'each' });
    answerError('PUT', settingsPath, { status: 403, intern: 'no_permission', text: 'no' });
    const onClose = jest.fn();
    const { user } = renderConsole(<NotificationsDialog target={target} onClose={onClose} />);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Eine E-Mail pro neuer Eintragung' })).toBeChecked());
    await user.click(screen.getByRole('radio', { name: 'Keine E-Mails' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('opens from the editor’s button with a bell icon and a name', async () => {
    answer('GET', settingsPath, { projectId: target.projectId, reminders: {}, mode: 'off' });
    const { user } = renderConsole(<NotificationsButton target={target} />);
    await user.click(screen.getByRole('button', { name: 'Benachrichtigungen' }));
    expect(screen.getByRole('dialog', { name: 'Benachrichtigungen zu Eintragungen' })).toBeVisible();
  });
});

describe('the reminder in the list dialog', () => {
  function renderList(onClose = jest.fn(), edit = true) {
    answer('GET', `/v5/team/${target.teamId}/preset`, { presets: [], columns: [] });
    return { onClose, ...renderConsole(<ListDialog target={target} phase={phase} list={edit ? list : undefined} onClose={onClose} />) };
  }

  it('shows the list’s reminder with the five choices and who gets it', async () => {
    answer('GET', settingsPath, { projectId: target.projectId, reminders: { [listId]: '2d' }, mode: 'off' });
    renderList();
    const select = screen.getByRole('combobox', { name: 'Erinnerung per E-Mail' });
    await waitFor(() => expect(select).toHaveDisplayValue('2 Tage vorher'));
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Keine Erinnerung', '1 Stunde vorher', '1 Tag vorher', '2 Tage vorher', '1 Woche vorher']);
    expect(screen.getByText('Geht an alle Eingetragenen mit E-Mail-Adresse, bezogen auf Datum und Uhrzeit des Eintrags.')).toBeVisible();
  });

  it('saves a changed reminder after the list, and none when unchanged', async () => {
    answer('GET', settingsPath, { projectId: target.projectId, reminders: { [listId]: 'off' }, mode: 'off' });
    answer('PUT', `/v5/team/${target.teamId}/project/${target.projectId}/list/${listId}`, { projectId: target.projectId, changed: true, checkpoint: 'c1' });
    answer('PUT', reminderPath(listId), { listId, reminder: '1d', checkpoint: 'c2' });
    const { user, onClose } = renderList();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(fetchCalls('PUT', reminderPath(listId))).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Erinnerung per E-Mail' }), '1 Tag vorher');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(fetchCalls('PUT', reminderPath(listId))[0]?.body).toEqual({ reminder: '1d' });
  });

  it('sets the reminder of a new list once the list exists', async () => {
    const newId = '0b9a4c1e-9999-4aaa-8bbb-000000000005';
    answer('POST', `/v5/team/${target.teamId}/project/${target.projectId}/phase/${phase.phaseId}/list`, { projectId: target.projectId, listId: newId, checkpoint: 'c1' }, 201);
    answer('PUT', reminderPath(newId), { listId: newId, reminder: '1h', checkpoint: 'c2' });
    const { user, onClose } = renderList(jest.fn(), false);
    await user.type(screen.getByLabelText('Name'), 'Schichten');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Erinnerung per E-Mail' }), '1 Stunde vorher');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('PUT', reminderPath(newId))[0]?.body).toEqual({ reminder: '1h' });
  });
});
