import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { PresetColumns } from './preset-columns';

const teamId = '0b9a4c1e-aeae-4aaa-8bbb-000000000001';
const columnId = '0b9a4c1e-aeae-4aaa-8bbb-000000000002';
const columnsPath = `/v5/team/${teamId}/preset-column`;
const columns = [{ columnId, field: { kind: 'selection' as const, label: 'Größe', required: true, options: ['S', 'M'] }, savedAt: '2027-01-01T00:00:00.000Z' }];

describe('PresetColumns', () => {
  it('lists the saved columns with kind and whether they are required, each removable', async () => {
    answer('DELETE', `${columnsPath}/${columnId}`, { teamId, columnId, checkpoint: 'c1' });
    const { user } = renderConsole(<PresetColumns teamId={teamId} columns={columns} />);
    const row = within(screen.getByRole('table', { name: 'Gespeicherte Spalten' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Größe (S, M)');
    expect(row).toHaveTextContent('Auswahl');
    expect(row).toHaveTextContent('Ja');
    await user.click(within(row).getByRole('button', { name: 'Spalte Größe entfernen' }));
    await waitFor(() => expect(fetchCalls('DELETE', `${columnsPath}/${columnId}`)).toHaveLength(1));
  });

  it('saves a new column with a required label of at most 120 characters, then empties the form', async () => {
    answer('POST', columnsPath, { teamId, columnId, checkpoint: 'c1' }, 201);
    const { user } = renderConsole(<PresetColumns teamId={teamId} columns={[]} />);
    const label = screen.getByLabelText('Bezeichnung');
    expect(label).toBeRequired();
    expect(label).toHaveAttribute('maxLength', '120');
    await user.click(screen.getByRole('button', { name: 'Spalte speichern' }));
    expect(fetchCalls('POST', columnsPath)).toEqual([]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art' }), 'Auswahl');
    await user.type(label, ' Größe ');
    await user.type(screen.getByLabelText('Auswahlmöglichkeiten (durch Komma getrennt)'), 'S, M,');
    await user.click(screen.getByLabelText('Pflichtfeld'));
    await user.click(screen.getByRole('button', { name: 'Spalte speichern' }));
    await waitFor(() => expect(label).toHaveValue(''));
    expect(fetchCalls('POST', columnsPath)[0]?.body).toEqual({ field: { kind: 'selection', label: 'Größe', required: true, options: ['S', 'M'] } });
  });

  it('shows the error of the server', async () => {
    answerError('POST', columnsPath, { status: 403, intern: 6200, text: 'prime' });
    const { user } = renderConsole(<PresetColumns teamId={teamId} columns={[]} />);
    await user.type(screen.getByLabelText('Bezeichnung'), 'Telefon');
    await user.click(screen.getByRole('button', { name: 'Spalte speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dafür brauchst du den Prime-Plan.');
  });
});
