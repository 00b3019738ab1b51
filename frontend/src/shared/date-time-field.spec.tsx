import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import de from '../lang/de.json';
import en from '../lang/en.json';
import fr from '../lang/fr.json';
import it_ from '../lang/it.json';
import { DateTimeField, type DateTimeKind } from './date-time-field';

// The date and time fields and the chart load their module lazily: the first use waits for it.
jest.setTimeout(30_000);

const MESSAGES: Record<string, Record<string, string>> = { de, en, fr, it: it_ };

// The field hands the API's text to onValueChange whatever the language shows and however the
// value was entered (typed into the segments or picked in the calendar).
function Field({ kind, initial = '', onValue }: { kind: DateTimeKind; initial?: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimeField
      kind={kind}
      label="Datum"
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

function renderIn(locale: string, kind: DateTimeKind, initial?: string) {
  const onValue = jest.fn<(value: string) => void>();
  const user = userEvent.setup();
  render(
    <IntlProvider locale={locale} defaultLocale="de" messages={MESSAGES[locale]}>
      <Field kind={kind} initial={initial} onValue={onValue} />
    </IntlProvider>,
  );
  return { onValue, user };
}

async function segmentsOf(label: string) {
  // The first test waits for the lazily loaded picker module.
  const group = await screen.findByRole('group', { name: label }, { timeout: 10000 });
  return within(group).getAllByRole('spinbutton');
}

// Typed in the order the language writes a date: de 15.06.2027, en 6/15/2027, fr and it 15/06/2027.
const TYPED: { locale: string; keys: string; order: string[] }[] = [
  { locale: 'de', keys: '15062027', order: ['day', 'month', 'year'] },
  { locale: 'en', keys: '06152027', order: ['month', 'day', 'year'] },
  { locale: 'fr', keys: '15062027', order: ['day', 'month', 'year'] },
  { locale: 'it', keys: '15062027', order: ['day', 'month', 'year'] },
];

describe('DateTimeField', () => {
  it.each(TYPED)('$locale: a typed date becomes 2027-06-15', async ({ locale, keys, order }) => {
    const { onValue, user } = renderIn(locale, 'date');
    const segments = await segmentsOf('Datum');
    expect(segments.map((segment) => segment.getAttribute('data-type'))).toEqual(order);
    await user.click(segments[0]);
    await user.keyboard(keys);
    expect(onValue).toHaveBeenLastCalledWith('2027-06-15');
  });

  it.each([
    { locale: 'de', mondayColumn: 0 }, { locale: 'fr', mondayColumn: 0 }, { locale: 'it', mondayColumn: 0 }, { locale: 'en', mondayColumn: 1 },
  ])('$locale: the calendar puts Monday in column $mondayColumn and a picked day becomes the API date', async ({ locale, mondayColumn }) => {
    const { onValue, user } = renderIn(locale, 'date', '2027-06-10');
    await segmentsOf('Datum');
    const group = screen.getByRole('group', { name: 'Datum' });
    await user.click(within(group).getByRole('button'));
    const grid = await screen.findByRole('grid');
    // 7 June 2027 is a Monday.
    expect(within(grid).getByText('7').closest('td')?.cellIndex).toBe(mondayColumn);
    await user.click(within(grid).getByText('20'));
    expect(onValue).toHaveBeenLastCalledWith('2027-06-20');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('shows a stored date in the language\'s order; the clear button or clearing every segment empties it to ""', async () => {
    const { onValue, user } = renderIn('de', 'date', '2027-06-01');
    const segments = await segmentsOf('Datum');
    expect(segments.map((segment) => segment.textContent)).toEqual(['01', '06', '2027']);
    await user.click(screen.getByRole('button', { name: '„Datum“ leeren' }));
    expect(onValue).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('button', { name: '„Datum“ leeren' })).not.toBeInTheDocument();

    await user.click(segments[0]);
    await user.keyboard('01062027');
    expect(onValue).toHaveBeenLastCalledWith('2027-06-01');
    await user.click(segments[2]);
    for (let index = 0; index < 12; index += 1) await user.keyboard('{Backspace}');
    expect(onValue).toHaveBeenLastCalledWith('');
  });

  it.each([
    { locale: 'de', keys: '0930', value: '09:30' },
    { locale: 'fr', keys: '1845', value: '18:45' },
    { locale: 'en', keys: '0630p', value: '18:30' },
  ])('$locale: a typed time becomes $value', async ({ locale, keys, value }) => {
    const { onValue, user } = renderIn(locale, 'time');
    const segments = await segmentsOf('Datum');
    await user.click(segments[0]);
    await user.keyboard(keys);
    expect(onValue).toHaveBeenLastCalledWith(value);
  });

  it('it: date and time typed into one field become the local text of the window inputs', async () => {
    const { onValue, user } = renderIn('it', 'datetime');
    const segments = await segmentsOf('Datum');
    expect(segments.map((segment) => segment.getAttribute('data-type'))).toEqual(['day', 'month', 'year', 'hour', 'minute']);
    await user.click(segments[0]);
    await user.keyboard('010620270905');
    expect(onValue).toHaveBeenLastCalledWith('2027-06-01T09:05');
  });
});
