import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { ChoiceSelect, SelectField, TextAreaField } from './form-fields';
import { renderConsole } from './testing/render';

describe('SelectField', () => {
  it('is found by its label and reports the chosen value', async () => {
    const onValueChange = jest.fn();
    const { user } = renderConsole(
      <SelectField id="kind" label="Art" value="a" onValueChange={onValueChange} required>
        <option value="a">Alpha</option>
        <option value="b">Beta</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Art' });
    expect(select).toBeRequired();
    expect(select).toHaveDisplayValue('Alpha');
    await user.selectOptions(select, 'Beta');
    expect(onValueChange).toHaveBeenCalledWith('b');
  });
});

describe('TextAreaField', () => {
  it('is found by its label, takes typing up to its maximum length', async () => {
    function Host() {
      const [value, setValue] = useState('');
      return <TextAreaField id="text" label="Beschreibung" value={value} onValueChange={setValue} rows={3} maxLength={4} required />;
    }
    const { user } = renderConsole(<Host />);
    const area = screen.getByRole('textbox', { name: 'Beschreibung' });
    expect(area).toBeRequired();
    await user.type(area, 'abcdef');
    expect(area).toHaveValue('abcd');
  });
});

describe('ChoiceSelect', () => {
  const labels = { list: { id: 't.list', defaultMessage: 'Liste' }, table: { id: 't.table', defaultMessage: 'Tabelle' } } as const;

  it('offers the leading options and every choice with its German label', async () => {
    const onChange = jest.fn();
    const { user } = renderConsole(
      <ChoiceSelect id="view" label="Ansicht" value="none" choices={['list', 'table'] as const} labels={labels} fallback="none" onChange={onChange}>
        <option value="none">Keine</option>
      </ChoiceSelect>,
    );
    const select = screen.getByRole('combobox', { name: 'Ansicht' });
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Keine', 'Liste', 'Tabelle']);
    await user.selectOptions(select, 'Tabelle');
    expect(onChange).toHaveBeenLastCalledWith('table');
    await user.selectOptions(select, 'Keine');
    expect(onChange).toHaveBeenLastCalledWith('none');
  });
});
