import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { answerTeamAccess } from '../../shared/testing/team-access';
import { ContactListPage } from './contact-list-page';
import { contactId, listPath, summary, teamId } from './contact-testing';
import type { ContactPage } from './contacts.api';

// jsdom does not scroll: the virtualised list calls window.scrollTo when a measured row differs from its estimate.
window.scrollTo = () => undefined;

function renderList(page: ContactPage | null, path = '/manage/tsv/contact') {
  answerTeamAccess(teamId, 'tsv', 'owner');
  if (page) answer('GET', listPath, page);
  return renderConsole(
    <Routes>
      <Route path="/manage/:ccLink/contact" element={<ContactListPage />} />
      <Route path="/manage/:ccLink/contact/new" element={<p>Formular</p>} />
      <Route path="/manage/:ccLink/contact/user/:id" element={<p>Kontaktseite</p>} />
    </Routes>,
    { path },
  );
}

/** Answers the list by its offset (the fetch stub answers by path alone). */
function answerPages(pages: Record<number, ContactPage>) {
  const stubbed = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await stubbed(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const page = pages[Number(url.searchParams.get('offset') ?? 0)];
    if (url.pathname !== listPath || !page) return response;
    return new Response(JSON.stringify({ body: page, error: null, status: 200 }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

const rowOf = async (name: string) => {
  const rows = await screen.findAllByTestId('contact-row');
  const row = rows.find((candidate) => within(candidate).queryByRole('link', { name }));
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

describe('ContactListPage', () => {
  it('shows each contact with initials, name, company, e-mail, phone, city, type and a blocked badge, and the total', async () => {
    renderList({
      total: 2,
      items: [
        summary(1, { displayName: 'Anna Berg', company: 'Bäckerei Berg', email: 'anna@berg.example', phone: '0711 123456', city: 'Stuttgart', type: 'member' }),
        summary(2, { displayName: 'Huber GmbH', firstName: '', lastName: '', company: 'Huber GmbH', type: 'employee', blocked: true, status: 'inactive' }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Kontakte', level: 1 })).toBeVisible();
    expect(await screen.findByText('2 Kontakte')).toBeVisible();
    const list = screen.getByRole('list', { name: 'Kontakte des Teams' });
    expect(within(list).getAllByTestId('contact-row')).toHaveLength(2);
    const anna = await rowOf('Anna Berg');
    expect(within(anna).getByRole('link', { name: 'Anna Berg' })).toHaveAttribute('href', `/manage/tsv/contact/user/${contactId(1)}`);
    for (const text of ['AB', 'Bäckerei Berg', 'anna@berg.example', '0711 123456', 'Stuttgart', 'Mitglied']) expect(within(anna).getByText(text)).toBeVisible();
    expect(within(anna).queryByText('Gesperrt')).not.toBeInTheDocument();
    const huber = await rowOf('Huber GmbH');
    // A company as the name is not said twice.
    expect(within(huber).getAllByText('Huber GmbH')).toHaveLength(1);
    for (const text of ['HG', 'Mitarbeiter/in', 'inaktiv', 'Gesperrt']) expect(within(huber).getByText(text)).toBeVisible();
    expect(anna).toHaveAttribute('aria-setsize', '2');
    expect(anna).toHaveAttribute('aria-posinset', '1');
  });

  it('searches as the person types, once the typing pauses, and filters by type, status and blocked with a sort', async () => {
    const { user } = renderList({ total: 1, items: [summary(1)] });
    await screen.findByText('1 Kontakt');
    expect(fetchCalls('GET', listPath)[0]?.query.get('sort')).toBe('name');
    await user.type(screen.getByLabelText('Suchen'), 'Berg');
    await waitFor(() => expect(fetchCalls('GET', listPath).at(-1)?.query.get('q')).toBe('Berg'));
    // One call for the finished word, none per letter.
    expect(fetchCalls('GET', listPath).filter((call) => call.query.has('q'))).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Art'), 'Mitglied');
    await user.selectOptions(screen.getByLabelText('Status'), 'inaktiv');
    await user.selectOptions(screen.getByLabelText('Sperre'), 'gesperrt');
    await user.selectOptions(screen.getByLabelText('Sortierung'), 'Zuletzt geändert');
    await waitFor(() => {
      const last = fetchCalls('GET', listPath).at(-1)?.query;
      expect(Object.fromEntries(last ?? [])).toEqual({ q: 'Berg', type: 'member', status: 'inactive', blocked: 'true', sort: '-updated', limit: '100', offset: '0' });
    });
  });

  it('offers the first contact to a team without contacts', async () => {
    const { user } = renderList({ total: 0, items: [] });
    const empty = await screen.findByRole('region', { name: 'Noch keine Kontakte' });
    await user.click(within(empty).getByRole('link', { name: 'Neuer Kontakt' }));
    expect(await screen.findByText('Formular')).toBeVisible();
  });

  it('says when the search finds nobody and resets it', async () => {
    const { user } = renderList({ total: 0, items: [] }, '/manage/tsv/contact?q=Zebra&type=member');
    expect(await screen.findByText('Kein Kontakt passt zu „Zebra“.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Noch keine Kontakte' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Suchen')).toHaveValue('Zebra');
    answer('GET', listPath, { total: 1, items: [summary(1)] });
    await user.click(screen.getByRole('button', { name: 'Suche und Filter zurücksetzen' }));
    expect(await screen.findByText('1 Kontakt')).toBeVisible();
    expect(screen.getByLabelText('Suchen')).toHaveValue('');
    expect(screen.getByLabelText('Art')).toHaveValue('');
  });

  it('loads the next contacts by offset as the list nears its end', async () => {
    answerPages({
      0: { total: 150, items: Array.from({ length: 100 }, (_, i) => summary(i + 1)) },
      100: { total: 150, items: Array.from({ length: 50 }, (_, i) => summary(i + 101)) },
    });
    renderList({ total: 150, items: [] });
    expect(await screen.findByText('150 Kontakte')).toBeVisible();
    await waitFor(() => expect(fetchCalls('GET', listPath).map((call) => call.query.get('offset'))).toEqual(['0', '100']));
    expect(await rowOf('Person 150')).toHaveAttribute('aria-posinset', '150');
    // Everything is loaded: no button for more, and no third call.
    expect(screen.queryByRole('button', { name: 'Weitere Kontakte laden' })).not.toBeInTheDocument();
    expect(fetchCalls('GET', listPath)).toHaveLength(2);
  });

  it('shows a skeleton while the list loads', async () => {
    answerTeamAccess(teamId, 'tsv', 'owner');
    const release = hold('GET', listPath, { total: 1, items: [summary(1)] });
    renderList(null);
    expect(await screen.findByRole('heading', { name: 'Kontakte', level: 1 })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen …');
    release();
    expect(await screen.findByText('1 Kontakt')).toBeVisible();
    expect(screen.queryByText('Wird geladen …')).not.toBeInTheDocument();
  });

  it('says in words when the list cannot be loaded', async () => {
    answerError('GET', listPath, { status: 403, intern: 'no_permission', text: 'no permission' });
    renderList(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('Du hast keine Berechtigung für diesen Bereich.');
    expect(screen.queryByRole('region', { name: 'Noch keine Kontakte' })).not.toBeInTheDocument();
  });
});
