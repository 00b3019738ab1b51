import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { signedIn } from '../../app/auth.slice';
import { createStore } from '../../app/store';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { MySignupsPage } from './my-signups-page';
import { mySignup, TSV_ID } from './testing/my-signup-fixtures';

const me = {
  uid: '0b9a4c1e-5555-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};
const tsv = {
  id: TSV_ID, link: 'tsv', hash: null, obj: 'link_cc', name: 'TSV Musterstadt', team: 2,
  access: { level: 'others', manage: false, access: {} }, item: [], cc_id: TSV_ID,
};

function renderPage() {
  const store = createStore();
  store.dispatch(signedIn(me));
  answer('GET', '/v5/user/link', { links: [tsv] });
  return renderConsole(<MySignupsPage />, { path: '/task', store });
}

const section = (name: string) => screen.findByRole('region', { name });
const cards = (region: HTMLElement) => within(region).getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('MySignupsPage', () => {
  it('groups my sign-ups: coming ones next first, past ones, cancelled ones, each with its receipts and the way to the project', async () => {
    answer('GET', '/v5/user/signups', { signups: [
      mySignup({ itemName: 'Grillstand', date: '2099-07-01', time: { from: '14:00', to: '16:00' } }),
      mySignup({ itemName: 'Kaffee', date: '2099-06-20', status: 'placed', promotedAt: '2027-03-05T12:00:00.000Z', changedAt: '2027-03-06T12:00:00.000Z' }),
      mySignup({ itemName: 'Waffeln', date: null, status: 'waitlisted' }),
      mySignup({ itemName: 'Aufbau', date: '2020-05-01' }),
      mySignup({ itemName: 'Abbau', date: '2099-07-02', cancelledAt: '2027-03-07T12:00:00.000Z', cancelledBy: 'self' }),
      mySignup({ itemName: 'Kasse', date: '2099-07-03', cancelledAt: '2027-03-08T12:00:00.000Z', cancelledBy: 'organiser' }),
    ] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Meine Einträge', level: 1 })).toBeVisible();
    const upcoming = await section('Demnächst');
    expect(cards(upcoming)).toEqual(['Kaffee', 'Grillstand', 'Waffeln']);
    expect(cards(await section('Vergangen'))).toEqual(['Aufbau']);
    const cancelled = await section('Abgesagt');
    expect(cards(cancelled)).toEqual(['Kasse', 'Abbau']);

    const coffee = within(upcoming).getByRole('article', { name: 'Kaffee' });
    expect(within(coffee).getByRole('list', { name: 'Verlauf' }).textContent).toMatch(
      /Eingetragen am 4\. März 2027.*Von der Warteliste nachgerückt am 5\. März 2027.*Zuletzt geändert am 6\. März 2027/,
    );
    expect(within(coffee).getByText('Sommerfest · Kuchenbuffet')).toBeVisible();
    expect(within(coffee).getByText(/Team TSV Musterstadt/)).toBeVisible();
    expect(within(coffee).getByRole('link', { name: 'Ändern oder absagen' })).toHaveAttribute('href', '/sommerfest');
    expect(within(upcoming).getByRole('article', { name: 'Waffeln' })).toHaveTextContent(/Warteliste.*Ohne Datum/);

    expect(within(cancelled).getByRole('article', { name: 'Kasse' })).toHaveTextContent(/Vom Team ausgetragen am 8\. März 2027 um \d\d:00/);
    expect(within(cancelled).getByRole('article', { name: 'Abbau' })).toHaveTextContent('Abgesagt am 7. März 2027');
    expect(within(cancelled).getByRole('article', { name: 'Abbau' })).not.toHaveTextContent('Warteliste');
    expect(within(within(cancelled).getByRole('article', { name: 'Abbau' })).getByRole('link', { name: 'Projekt öffnen' })).toHaveAttribute('href', '/sommerfest');
  });

  it('says that nothing is coming when every sign-up is past', async () => {
    answer('GET', '/v5/user/signups', { signups: [mySignup({ itemName: 'Aufbau', date: '2020-05-01' })] });
    renderPage();
    expect(await screen.findByText(/Gerade steht nichts an/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Demnächst' })).not.toBeInTheDocument();
  });

  it('explains an empty list and offers the way back home', async () => {
    answer('GET', '/v5/user/signups', { signups: [] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Noch keine Einträge' })).toBeVisible();
    expect(screen.getByText(/Öffne den Link eines Projekts/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('says when the list could not be loaded and loads it again on request', async () => {
    answerError('GET', '/v5/user/signups', { status: 500, intern: null, text: 'kaputt' });
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Deine Einträge konnten nicht geladen werden.');
    answer('GET', '/v5/user/signups', { signups: [] });
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { name: 'Noch keine Einträge' })).toBeVisible();
    expect(fetchCalls('GET', '/v5/user/signups')).toHaveLength(2);
  });
});
