import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { ListField } from '../projects';
import { renderConsole } from '../../shared/testing/render';
import { cleanValues, FieldInput, valueText, VoteInput } from './signup-fields';
import type { SignupValues } from './signups.api';

function Fields({ fields, shown }: { fields: ListField[]; shown: (values: SignupValues) => void }) {
  const [values, setValues] = useState<SignupValues>({});
  return (
    <>
      {fields.map((field) => (
        <FieldInput key={field.fieldId} field={field} values={values} onChange={(next) => { setValues(next); shown(next); }} />
      ))}
    </>
  );
}

const field = (fieldId: string, kind: ListField['kind'], label: string, extra: Partial<ListField> = {}): ListField => ({ fieldId, kind, label, required: false, ...extra });

describe('FieldInput', () => {
  it('marks required fields in the label and on the control', () => {
    renderConsole(<Fields fields={[field('a', 'text', 'Telefon', { required: true }), field('b', 'text', 'Hinweis')]} shown={() => undefined} />);
    expect(screen.getByLabelText('Telefon (Pflichtfeld)')).toBeRequired();
    expect(screen.getByLabelText('Hinweis')).not.toBeRequired();
  });

  it('limits text fields to 500 characters and gives phone, date and picture their input types', () => {
    renderConsole(<Fields fields={[
      field('t', 'text', 'Text'), field('p', 'phone', 'Telefon'), field('d', 'date', 'Datum'), field('u', 'profile_picture', 'Bild'),
    ]} shown={() => undefined} />);
    expect(screen.getByLabelText('Text')).toHaveAttribute('maxLength', '500');
    expect(screen.getByLabelText('Telefon')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Datum')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Bild')).toHaveAttribute('type', 'url');
    expect(screen.getByText('Adresse eines Bildes (https://…)')).toBeVisible();
  });

  it('offers the options of a selection after "Bitte wählen" and keeps the choice', async () => {
    const seen: SignupValues[] = [];
    const { user } = renderConsole(<Fields fields={[field('s', 'selection', 'Größe', { options: ['S', 'M', 'L'] })]} shown={(values) => seen.push(values)} />);
    const select = screen.getByRole('combobox', { name: 'Größe' });
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Bitte wählen', 'S', 'M', 'L']);
    await user.selectOptions(select, 'M');
    expect(seen.at(-1)).toEqual({ s: 'M' });
  });

  it('bounds a scale by its minimum and maximum and keeps numbers as numbers', async () => {
    const seen: SignupValues[] = [];
    const { user } = renderConsole(<Fields fields={[field('n', 'scale', 'Bewertung', { scale: { min: 1, max: 5 } })]} shown={(values) => seen.push(values)} />);
    const input = screen.getByLabelText('Bewertung');
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '5');
    await user.type(input, '4');
    expect(seen.at(-1)).toEqual({ n: 4 });
  });

  it('names the countries in German', () => {
    renderConsole(<Fields fields={[field('c', 'country', 'Land')]} shown={() => undefined} />);
    expect(within(screen.getByRole('combobox', { name: 'Land' })).getByRole('option', { name: 'Deutschland' })).toBeInTheDocument();
  });

  it('takes a checkbox as true or false', async () => {
    const seen: SignupValues[] = [];
    const { user } = renderConsole(<Fields fields={[field('k', 'checkbox', 'Vegetarisch')]} shown={(values) => seen.push(values)} />);
    await user.click(screen.getByLabelText('Vegetarisch'));
    expect(seen.at(-1)).toEqual({ k: true });
  });
});

describe('VoteInput', () => {
  it('offers the answers of a poll as required radio buttons', async () => {
    const chosen: string[] = [];
    const { user } = renderConsole(<VoteInput vote={{ kind: 'poll', options: ['Montag', 'Dienstag'] }} value={null} onChange={(value) => chosen.push(value)} />);
    const group = screen.getByRole('group', { name: 'Deine Stimme' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(within(group).getByRole('radio', { name: 'Montag' })).toBeRequired();
    await user.click(within(group).getByRole('radio', { name: 'Dienstag' }));
    expect(chosen).toEqual(['Dienstag']);
  });

  it('names the answers of yes/no/maybe and like/dislike in German', () => {
    const { rerender } = renderConsole(<VoteInput vote={{ kind: 'yes_no_neutral' }} value="no" onChange={() => undefined} />);
    expect(screen.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual(['Ja', 'Nein', 'Vielleicht']);
    expect(screen.getByRole('radio', { name: 'Nein' })).toBeChecked();
    rerender(<VoteInput vote={{ kind: 'like_dislike' }} value={null} onChange={() => undefined} />);
    expect(screen.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual(['Gefällt mir', 'Gefällt mir nicht']);
  });
});

describe('values', () => {
  it('leave out empty entries and show as text', () => {
    expect(cleanValues({ a: '', b: null, c: 'x', d: 0, e: false })).toEqual({ c: 'x', d: 0, e: false });
    expect([valueText(true), valueText(false), valueText(['a', 'b']), valueText(null)]).toEqual(['✓', '–', 'a, b', '']);
  });
});
