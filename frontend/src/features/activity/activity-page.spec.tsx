import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ACCESS_AREAS } from '@planwerk/events/constants';
import { answer, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import type { ActivityEntry } from './activity.api';
import { ActivityPage } from './activity-page';

// The date and time fields and the chart load their module lazily: the first use waits for it.
jest.setTimeout(30_000);

const teamId = '0b9a4c1e-dddd-4aaa-8bbb-000000000001';
const projectId = '0b9a4c1e-dddd-4aaa-8bbb-000000000002';
const listId = '0b9a4c1e-dddd-4aaa-8bbb-000000000003';
const itemId = '0b9a4c1e-dddd-4aaa-8bbb-000000000004';
const anna = { kind: 'user' as const, id: '0b9a4c1e-dddd-4aaa-8bbb-0000000000a1', name: 'Anna Amsel', display: 'Anna Amsel' };
const lena = { kind: 'user' as const, id: '0b9a4c1e-dddd-4aaa-8bbb-0000000000a2', name: 'Lena Lerche', display: 'Lena Lerche' };
const max = { kind: 'user' as const, id: '0b9a4c1e-dddd-4aaa-8bbb-0000000000a3', name: 'Max Meise', display: 'Max Meise' };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function hoursAgo(hours: number): string {
  const at = new Date();
  at.setHours(12, 0, 0, 0);
  return new Date(at.getTime() - hours * 3_600_000).toISOString();
}

let seq = 0;
function entry(overrides: Partial<ActivityEntry>): ActivityEntry {
  seq += 1;
  return {
    eventId: `0b9a4c1e-dddd-4aaa-8bbb-${String(seq).padStart(12, '0')}`, recordedAt: hoursAgo(1), action: 'projects.statusChanged', eventType: 'ProjectStatusChanged',
    object: { kind: 'project', id: projectId }, projectId, listId: null, actor: lena, changes: [],
    names: { object: 'Sommerfest', project: 'Sommerfest', list: null, item: null }, ...overrides,
  };
}

const entries: ActivityEntry[] = [
  entry({ changes: [{ field: 'status', before: 3, after: 1 }] }),
  entry({
    recordedAt: hoursAgo(2), action: 'signups.added', eventType: 'SignUpAdded', object: { kind: 'signup', id: '0b9a4c1e-dddd-4aaa-8bbb-0000000000s1' }, listId, actor: anna,
    changes: [{ field: 'itemId', before: null, after: itemId }, { field: 'status', before: null, after: 'placed' }],
    names: { object: null, project: 'Sommerfest', list: 'Helfer', item: 'Grill' },
  }),
  entry({
    recordedAt: hoursAgo(24), action: 'projects.listAdded', eventType: 'ListAdded', object: { kind: 'list', id: listId }, listId, actor: max,
    changes: [{ field: 'name', before: null, after: 'Helfer' }, { field: 'phaseId', before: null, after: itemId }],
    names: { object: 'Helfer', project: 'Sommerfest', list: 'Helfer', item: null },
  }),
  entry({
    recordedAt: '2026-03-05T10:00:00.000Z', action: 'projects.itemEdited', eventType: 'ItemEdited', object: { kind: 'list-item', id: itemId }, listId, actor: max,
    changes: [{ field: 'capacity', before: 4, after: 6 }, { field: 'colour', before: null, after: 4 }],
    names: { object: 'Grill', project: 'Sommerfest', list: 'Helfer', item: 'Grill' },
  }),
];

function renderPage() {
  const areas = Object.fromEntries(ACCESS_AREAS.map((area) => [area, 2]));
  answer('POST', '/v5/bundle', {
    cc_id: teamId, cc_link: 'verein', prj_id: null, prj_link: null, pick: null,
    bundle: { access: { error: null, body: { cc_id: teamId, level: 'owner', team: 2, access: {}, manage: true, areas } } },
  });
  answer('GET', `/v5/team/${teamId}/project`, { projects: [] });
  answer('GET', `/v5/team/${teamId}/activity`, { entries, next: null, retentionDays: null });
  answer('GET', `/v5/team/${teamId}/activity/actors`, { actors: [anna, lena, max].map(({ kind, id, name }) => ({ kind, id, name })) });
  return renderConsole(
    <Routes><Route path="/manage/:ccLink/activity/:filter?" element={<ActivityPage />} /></Routes>,
    { path: '/manage/verein/activity' },
  );
}

describe('ActivityPage', () => {
  it('groups the log by day, with Heute, Gestern and the date as headings', async () => {
    renderPage();
    const log = await screen.findByRole('region', { name: 'Aktivitäten, neueste zuerst' });
    await waitFor(() => expect(within(log).getAllByTestId('activity-entry')).toHaveLength(4));
    expect(within(log).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Heute', 'Gestern', 'Donnerstag, 5. März 2026']);
  });

  it('says each entry as a sentence with names, links the objects, and shows no id, key or JSON until Details is opened', async () => {
    const { user } = renderPage();
    const log = await screen.findByRole('region', { name: 'Aktivitäten, neueste zuerst' });
    const [status, signup, list, item] = await within(log).findAllByTestId('activity-entry');
    expect(status).toHaveTextContent('Lena Lerche hat den Status des Projekts „Sommerfest“ von Planung auf Aktiv geändert');
    expect(signup).toHaveTextContent('Anna Amsel hat sich für „Grill“ eingetragen');
    expect(list).toHaveTextContent('Max Meise hat die Liste „Helfer“ angelegt');
    expect(item).toHaveTextContent('Plätze: 4 → 6');
    expect(item).toHaveTextContent('Farbe: Rot');
    expect(within(list).getByRole('link', { name: '„Helfer“' })).toHaveAttribute('href', `/manage/verein/project/${projectId}#list-title-${listId}`);
    expect(within(status).getByRole('link', { name: '„Sommerfest“' })).toHaveAttribute('href', `/manage/verein/project/${projectId}`);
    for (const text of [log.textContent ?? '']) {
      expect(text).not.toMatch(UUID);
      expect(text).not.toMatch(/[a-z]\.[a-zA-Z]/);
      expect(text).not.toMatch(/[{}[\]]/);
      expect(text).not.toContain('SignUpAdded');
    }

    const details = within(signup).getByRole('button', { name: 'Details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const technical = within(signup).getByLabelText('Technische Angaben');
    expect(details).toHaveAttribute('aria-controls', technical.id);
    expect(technical).toHaveTextContent('SignUpAdded');
    expect(technical).toHaveTextContent('signups.added');
    expect(technical).toHaveTextContent(`itemId: null → "${itemId}"`);
    expect(technical).toHaveTextContent(anna.id);
  });

  it('filters by a person picked by name, never by typing an id', async () => {
    const { user } = renderPage();
    const person = await screen.findByRole('combobox', { name: 'Person' });
    await waitFor(() => expect(fetchCalls('GET', `/v5/team/${teamId}/activity/actors`)).toHaveLength(1));
    const options = [...document.querySelectorAll('#activity-people option')].map((option) => option.getAttribute('value'));
    expect(options).toEqual(['Anna Amsel', 'Lena Lerche', 'Max Meise']);
    await user.type(person, 'lena lerche');
    await waitFor(() => expect(fetchCalls('GET', `/v5/team/${teamId}/activity`).some((call) => call.query.get('person') === lena.id)).toBe(true));
    expect(person).toHaveValue('Lena Lerche');
    await user.clear(person);
    await waitFor(() => expect(person).toHaveValue(''));
  });

  it('filters by the person whose name is clicked in a sentence', async () => {
    const { user } = renderPage();
    const log = await screen.findByRole('region', { name: 'Aktivitäten, neueste zuerst' });
    const [, , list] = await within(log).findAllByTestId('activity-entry');
    await user.click(within(list).getByRole('button', { name: 'Max Meise' }));
    await waitFor(() => expect(fetchCalls('GET', `/v5/team/${teamId}/activity`).some((call) => call.query.get('person') === max.id)).toBe(true));
    expect(await screen.findByRole('combobox', { name: 'Person' })).toHaveValue('Max Meise');
  });

  it('filters from and to a day typed in the date fields (German order), sent as the day of the API', async () => {
    const { user } = renderPage();
    const from = within(await screen.findByRole('group', { name: 'Von' }, { timeout: 10000 })).getAllByRole('spinbutton');
    expect(from.map((segment) => segment.getAttribute('data-type'))).toEqual(['day', 'month', 'year']);
    await user.click(from[0]);
    await user.keyboard('01062027');
    await waitFor(() => expect(fetchCalls('GET', `/v5/team/${teamId}/activity`).some((call) => call.query.get('from') === '2027-06-01')).toBe(true));
    const to = within(screen.getByRole('group', { name: 'Bis' })).getAllByRole('spinbutton');
    await user.click(to[0]);
    await user.keyboard('30062027');
    await waitFor(() => expect(fetchCalls('GET', `/v5/team/${teamId}/activity`).some((call) => call.query.get('from') === '2027-06-01' && call.query.get('to') === '2027-06-30')).toBe(true));
  });
});
