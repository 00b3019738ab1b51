import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls, hold } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import type { ItemView, ListView } from '../projects.api';
import { ItemDialog } from './item-dialog';

// The date and time fields and the chart load their module lazily: the first use waits for it.
jest.setTimeout(30_000);

const target = { teamId: '0b9a4c1e-6666-4aaa-8bbb-000000000001', projectId: '0b9a4c1e-6666-4aaa-8bbb-000000000002' };
const listId = '0b9a4c1e-6666-4aaa-8bbb-000000000003';
const itemId = '0b9a4c1e-6666-4aaa-8bbb-000000000004';
const itemsPath = `/v5/team/${target.teamId}/project/${target.projectId}/list/${listId}/item`;

const item: ItemView = {
  itemId, name: 'Kuchen', description: '', capacity: 4, vote: null, date: '2027-06-01', time: { from: '10:00', to: '12:00' },
  placed: 0, waitlisted: 0, free: 4, signups: null, mine: [],
};
const list: ListView = {
  listId, phaseId: '0b9a4c1e-6666-4aaa-8bbb-000000000005', type: 1, name: 'Buffet', description: '',
  window: { opensAt: null, closesAt: null, endsAt: null }, windowState: 'open', attendance: 'automatic', fields: [],
  settings: { waitlist: false, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, namesVisible: true, items: [item],
};

// Date and time are react-aria fields (loaded lazily): one spinbutton per part, in a group named by the label.
async function segmentsOf(label: string) {
  const group = await screen.findByRole('group', { name: label }, { timeout: 10000 });
  return within(group).getAllByRole('spinbutton');
}

describe('ItemDialog', () => {
  it('asks for a required name of at most 200 characters, places, vote, date and time', async () => {
    renderConsole(<ItemDialog target={target} list={list} onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Neuer Eintrag in Buffet' })).toBeVisible();
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '200');
    expect(screen.getByLabelText('Plätze (leer: unbegrenzt)')).toHaveAttribute('type', 'number');
    expect(screen.getByRole('combobox', { name: 'Abstimmung' })).toHaveDisplayValue('Keine Abstimmung');
    expect((await segmentsOf('Datum')).map((segment) => segment.getAttribute('data-type'))).toEqual(['day', 'month', 'year']);
    for (const segment of await segmentsOf('Von')) expect(segment).not.toHaveAttribute('aria-required', 'true');
  });

  it('requires the other end of the time once one end is set', async () => {
    const { user } = renderConsole(<ItemDialog target={target} list={list} onClose={() => undefined} />);
    await user.click((await segmentsOf('Von'))[0]);
    await user.keyboard('1000');
    for (const segment of await segmentsOf('Bis')) expect(segment).toHaveAttribute('aria-required', 'true');
  });

  it('sends a typed date and time in the API format', async () => {
    answer('POST', itemsPath, { projectId: target.projectId, listId, itemId, checkpoint: 'c1' }, 201);
    const onClose = jest.fn();
    const { user } = renderConsole(<ItemDialog target={target} list={list} onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), 'Aufbau');
    await user.click((await segmentsOf('Datum'))[0]);
    await user.keyboard('20062027');
    await user.click((await segmentsOf('Von'))[0]);
    await user.keyboard('0900');
    await user.click((await segmentsOf('Bis'))[0]);
    await user.keyboard('1130');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('POST', itemsPath)[0]?.body).toMatchObject({ name: 'Aufbau', date: '2027-06-20', time: { from: '09:00', to: '11:30' } });
  });

  it('asks for the answers of a poll and sends them as a list', async () => {
    answer('POST', itemsPath, { projectId: target.projectId, listId, itemId, checkpoint: 'c1' }, 201);
    const onClose = jest.fn();
    const { user } = renderConsole(<ItemDialog target={target} list={list} onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), 'Termin');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Abstimmung' }), 'poll');
    const answers = screen.getByLabelText('Antworten der Umfrage (durch Komma getrennt)');
    expect(answers).toBeRequired();
    await user.type(answers, 'Montag, Dienstag ,');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('POST', itemsPath)[0]?.body).toEqual({
      name: 'Termin', description: '', capacity: null, vote: { kind: 'poll', options: ['Montag', 'Dienstag'] }, date: null, time: null,
    });
  });

  it('edits an item with its values filled in, showing a limit of the plan from the server', async () => {
    answerError('PUT', `${itemsPath}/${itemId}`, { status: 403, intern: 6205, text: 'limit' });
    const onClose = jest.fn();
    const { user } = renderConsole(<ItemDialog target={target} list={list} item={item} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Eintrag bearbeiten' })).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('Kuchen');
    expect(screen.getByLabelText('Plätze (leer: unbegrenzt)')).toHaveValue(4);
    expect((await segmentsOf('Datum')).map((segment) => segment.textContent)).toEqual(['01', '06', '2027']);
    expect((await segmentsOf('Von')).map((segment) => segment.textContent)).toEqual(['10', '00']);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Grenze an Einträgen ist erreicht. Mit einem Upgrade kannst du mehr anlegen.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('disables the submit while the call is in flight', async () => {
    const release = hold('POST', itemsPath, { projectId: target.projectId, listId, itemId, checkpoint: 'c1' });
    const onClose = jest.fn();
    const { user } = renderConsole(<ItemDialog target={target} list={list} onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), 'Salat');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled());
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
