import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderConsole } from '../../../shared/testing/render';
import type { FieldDefinition, PresetList } from '../projects.api';
import type { FieldDraft } from './field-draft';
import { ListFields, type ColumnSaving } from './list-fields';

const columns: PresetList['columns'] = [
  { columnId: '0b9a4c1e-4444-4aaa-8bbb-000000000001', field: { kind: 'phone', label: 'Handynummer', required: true }, savedAt: '2027-01-01T10:00:00.000Z' },
  { columnId: '0b9a4c1e-4444-4aaa-8bbb-000000000002', field: { kind: 'selection', label: 'T-Shirt', required: false, options: ['S', 'M', 'L'] }, savedAt: '2027-01-01T10:00:00.000Z' },
];
const idle: ColumnSaving = { save: () => undefined, isLoading: false, isSuccess: false };

function Fields({ initial = [], column = idle, withColumns = columns }: { initial?: FieldDraft[]; column?: ColumnSaving; withColumns?: PresetList['columns'] }) {
  const [fields, setFields] = useState(initial);
  return (
    <>
      <ListFields fields={fields} onChange={setFields} columns={withColumns} column={column} />
      <output data-testid="fields">{JSON.stringify(fields.map(({ kind, label, required, options }) => ({ kind, label, required, options })))}</output>
    </>
  );
}

const fieldsState = () => JSON.parse(screen.getByTestId('fields').textContent ?? '[]') as unknown;

describe('ListFields', () => {
  it('adds a text field with a required label of at most 120 characters', async () => {
    const { user } = renderConsole(<Fields />);
    expect(screen.getByRole('group', { name: 'Felder der Eintragung' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Art des Feldes 1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Feld hinzufügen' }));
    expect(screen.getByRole('combobox', { name: 'Art des Feldes 1' })).toHaveDisplayValue('Text');
    expect(screen.getByLabelText('Bezeichnung des Feldes 1')).toBeRequired();
    expect(screen.getByLabelText('Bezeichnung des Feldes 1')).toHaveAttribute('maxLength', '120');
    expect(screen.getByRole('checkbox', { name: 'Pflichtfeld' })).not.toBeChecked();
    await user.type(screen.getByLabelText('Bezeichnung des Feldes 1'), 'Name');
    await user.click(screen.getByRole('checkbox', { name: 'Pflichtfeld' }));
    expect(fieldsState()).toEqual([{ kind: 'text', label: 'Name', required: true, options: '' }]);
  });

  it('asks a selection for its options and a scale for its ends', async () => {
    const { user } = renderConsole(<Fields />);
    await user.click(screen.getByRole('button', { name: 'Feld hinzufügen' }));
    expect(screen.queryByLabelText('Auswahlmöglichkeiten (durch Komma getrennt)')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art des Feldes 1' }), 'Auswahl');
    expect(screen.getByLabelText('Auswahlmöglichkeiten (durch Komma getrennt)')).toBeRequired();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art des Feldes 1' }), 'Skala');
    expect(screen.queryByLabelText('Auswahlmöglichkeiten (durch Komma getrennt)')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Skala von')).toHaveValue(1);
    expect(screen.getByLabelText('Skala bis')).toHaveValue(5);
    expect(screen.getByLabelText('Skala bis')).toBeRequired();
  });

  it('removes a field, numbering the rest again', async () => {
    const { user } = renderConsole(<Fields initial={[
      { fieldId: 'f1', kind: 'text', label: 'Name', required: true, options: '', scaleMin: '1', scaleMax: '5' },
      { fieldId: 'f2', kind: 'phone', label: 'Telefon', required: false, options: '', scaleMin: '1', scaleMax: '5' },
    ]} />);
    expect(screen.getAllByTestId('list-field')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Feld 1 entfernen' }));
    expect(screen.getAllByTestId('list-field')).toHaveLength(1);
    expect(screen.getByLabelText('Bezeichnung des Feldes 1')).toHaveValue('Telefon');
    expect(screen.getByRole('combobox', { name: 'Art des Feldes 1' })).toHaveDisplayValue('Telefon');
  });

  it('adds a field from a preset column', async () => {
    const { user } = renderConsole(<Fields />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Feld aus Vorlagen-Spalte' }), 'T-Shirt');
    expect(screen.getByLabelText('Bezeichnung des Feldes 1')).toHaveValue('T-Shirt');
    expect(screen.getByLabelText('Auswahlmöglichkeiten (durch Komma getrennt)')).toHaveValue('S, M, L');
    // The picker is back at its empty choice, ready for the next column.
    expect(screen.getByRole('combobox', { name: 'Feld aus Vorlagen-Spalte' })).toHaveDisplayValue('–');
  });

  it('offers no preset columns when there are none', () => {
    renderConsole(<Fields withColumns={[]} />);
    expect(screen.queryByRole('combobox', { name: 'Feld aus Vorlagen-Spalte' })).not.toBeInTheDocument();
  });

  it('saves a named field as a preset column, without its id', async () => {
    const save = jest.fn<(field: FieldDefinition) => void>();
    const { user } = renderConsole(<Fields column={{ ...idle, save }} initial={[
      { fieldId: 'f1', kind: 'selection', label: ' Größe ', required: true, options: 'S, M,, L', scaleMin: '1', scaleMax: '5' },
      { kind: 'text', label: '', required: false, options: '', scaleMin: '1', scaleMax: '5' },
    ]} />);
    const [named, unnamed] = screen.getAllByTestId('list-field');
    expect(within(unnamed!).getByRole('button', { name: 'Als Vorlagen-Spalte speichern' })).toBeDisabled();
    await user.click(within(named!).getByRole('button', { name: 'Als Vorlagen-Spalte speichern' }));
    expect(save).toHaveBeenCalledWith({ kind: 'selection', label: 'Größe', required: true, options: ['S', 'M', 'L'] });
  });

  it('disables saving columns while one is saved and says when it is done', () => {
    const field: FieldDraft = { kind: 'text', label: 'Name', required: false, options: '', scaleMin: '1', scaleMax: '5' };
    const { rerender } = renderConsole(<ListFields fields={[field]} onChange={() => undefined} columns={undefined} column={{ ...idle, isLoading: true }} />);
    expect(screen.getByRole('button', { name: 'Als Vorlagen-Spalte speichern' })).toBeDisabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    rerender(<ListFields fields={[field]} onChange={() => undefined} columns={undefined} column={{ ...idle, isSuccess: true }} />);
    expect(screen.getByRole('button', { name: 'Als Vorlagen-Spalte speichern' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Gespeichert');
  });
});
