import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import type { PhaseView } from '../projects.api';
import { ListDialog } from './list-dialog';

// The window's date fields load their module lazily: the first dialog waits for it.
jest.setTimeout(30_000);

const target = { teamId: '0b9a4c1e-7777-4aaa-8bbb-000000000001', projectId: '0b9a4c1e-7777-4aaa-8bbb-000000000002' };
const phase: PhaseView = { phaseId: '0b9a4c1e-7777-4aaa-8bbb-000000000003', name: 'Aufbau', description: '', folderId: null };
const listsPath = `/v5/team/${target.teamId}/project/${target.projectId}/phase/${phase.phaseId}/list`;
const added = { projectId: target.projectId, listId: '0b9a4c1e-7777-4aaa-8bbb-000000000004', checkpoint: 'c1' };

function renderDialog(onClose = jest.fn()) {
  answer('GET', `/v5/team/${target.teamId}/preset`, { presets: [], columns: [] });
  return { onClose, ...renderConsole(<ListDialog target={target} phase={phase} onClose={onClose} />) };
}

describe('ListDialog', () => {
  it('asks for a required name of at most 120 characters and the list settings', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Neue Liste in Aufbau' });
    expect(within(dialog).getByLabelText('Name')).toBeRequired();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('maxLength', '120');
    expect(within(dialog).getByRole('combobox', { name: 'Art der Liste' })).toHaveDisplayValue('Normale Liste');
    expect(within(dialog).getByRole('combobox', { name: 'Anwesenheit' })).toHaveDisplayValue('Automatisch am Ende der Liste bestätigen');
    expect(within(dialog).getByRole('checkbox', { name: 'Eintragung ohne Anmeldung erlauben (mit Namen)' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Warteliste, wenn ein Eintrag voll ist' })).not.toBeChecked();
    expect(within(dialog).getByRole('group', { name: 'Felder der Eintragung' })).toBeVisible();
  });

  it('adds sign-up fields with a required label, options for a selection, and removes them', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Feld hinzufügen' }));
    const label = screen.getByLabelText('Bezeichnung des Feldes 1');
    expect(label).toBeRequired();
    expect(label).toHaveAttribute('maxLength', '120');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art des Feldes 1' }), 'Auswahl');
    expect(screen.getByLabelText('Auswahlmöglichkeiten (durch Komma getrennt)')).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Feld 1 entfernen' }));
    expect(screen.queryByLabelText('Bezeichnung des Feldes 1')).not.toBeInTheDocument();
  });

  it('adds the list with its name, settings and fields, then closes', async () => {
    answer('POST', listsPath, added, 201);
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Name'), ' Kuchen ');
    await user.click(screen.getByRole('checkbox', { name: 'Warteliste, wenn ein Eintrag voll ist' }));
    await user.type(screen.getByLabelText('Höchstens so viele Eintragungen pro Person (leer: unbegrenzt)'), '2');
    await user.click(screen.getByRole('button', { name: 'Feld hinzufügen' }));
    await user.type(screen.getByLabelText('Bezeichnung des Feldes 1'), 'Telefon');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('POST', listsPath)[0]?.body).toMatchObject({
      name: 'Kuchen', type: 1, attendance: 'automatic',
      settings: { waitlist: true, allowAnonymous: true, showNames: 'all', maxPerPerson: 2 },
      fields: [{ kind: 'text', label: 'Telefon', required: false }],
    });
  });

  it('sends nothing while a field has no label', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'Kuchen');
    await user.click(screen.getByRole('button', { name: 'Feld hinzufügen' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(fetchCalls('POST', listsPath)).toEqual([]);
  });

  it('shows the error of the server and stays open', async () => {
    answerError('POST', listsPath, { status: 409, intern: 'project_in_trash', text: 'trash' });
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'Kuchen');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Projekt ist im Papierkorb. Stelle es zuerst wieder her.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
