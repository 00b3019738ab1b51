import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { signedIn } from '../../app/auth.slice';
import { createStore } from '../../app/store';
import { answer, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import type { ProjectOverviewEntry } from '../projects';
import type { MySignup } from '../signups';
import type { LinkEntry } from '../teams';
import { StartPage } from './start-page';

const me = {
  uid: '0b9a4c1e-5555-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};
const teamLink = (id: string, link: string, name: string, level: LinkEntry['access']['level']): LinkEntry => ({
  id, link, hash: null, obj: 'link_cc', name, team: 2, access: { level, manage: level === 'owner' || level === 'admin', access: {} }, item: [], cc_id: id,
});
const TSV_ID = '0b9a4c1e-5555-4aaa-8bbb-000000000002';
const tsv = teamLink(TSV_ID, 'tsv', 'TSV Musterstadt', 'owner');
const choir = teamLink('0b9a4c1e-5555-4aaa-8bbb-000000000003', 'chor', 'Kirchenchor', 'others');
const project = (n: number, name: string, status: ProjectOverviewEntry['status'], updatedAt: string): ProjectOverviewEntry => ({
  projectId: `0b9a4c1e-5555-4aaa-8bbb-00000000010${n}`, teamId: tsv.id, link: name.toLowerCase(), name, colour: 1, status, previousStatus: null,
  locked: false, visibility: 'public', startDate: null, shareHash: `h${n}`,
  counts: { phases: 1, lists: 1, items: 1, placed: 0, waitlisted: 0, signups: 0, capacity: 0, unlimitedItems: 1 },
  createdBy: me.uid, createdAt: '2027-01-01T10:00:00.000Z', updatedAt,
});
const summer = project(1, 'Sommerfest', 1, '2027-03-02T10:00:00.000Z');
const autumn = project(2, 'Herbstmarkt', 3, '2027-03-01T10:00:00.000Z');
const template = project(3, 'Vorlage Turnier', 2, '2027-03-03T10:00:00.000Z');
let nextSignup = 1;
const mySignup = (overrides: Partial<MySignup>): MySignup => ({
  signupId: `0b9a4c1e-6666-4aaa-8bbb-00000000000${nextSignup++}`, teamId: TSV_ID, projectId: 'p-sommerfest', projectLink: 'sommerfest',
  projectName: 'Sommerfest', colour: 1, listId: 'l-kuchen', listName: 'Kuchenbuffet', itemId: 'i-1', itemName: 'Apfelkuchen',
  date: '2099-06-20', time: null, status: 'placed', at: '2027-03-04T12:00:00.000Z', promotedAt: null, changedAt: null, cancelledAt: null,
  cancelledBy: null, ...overrides,
});

function renderHome({ links, signups = [] }: { links: LinkEntry[]; signups?: MySignup[] }) {
  const store = createStore();
  store.dispatch(signedIn(me));
  answer('GET', '/v5/user/link', { links });
  answer('GET', '/v5/user/signups', { signups });
  return renderConsole(<StartPage />, { store });
}

describe('StartPage', () => {
  it('offers a visitor login and registration, and reads nothing of a person', async () => {
    renderConsole(<StartPage />);
    expect(screen.getByRole('heading', { name: 'Willkommen bei Planwerk', level: 1 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Konto erstellen' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText(/zum Eintragen brauchst du kein Konto/)).toBeVisible();
    expect(fetchCalls()).toEqual([]);
  });

  it('guides a person without a team (create team → template → invite) and shows no version table', async () => {
    const { user } = renderHome({ links: [] });
    expect(await screen.findByRole('heading', { name: 'Willkommen! In drei Schritten startklar' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole('list', { name: 'Schritte' }).querySelector('[aria-current="step"]')).toHaveTextContent('Team erstellen');
    expect(screen.getByRole('form', { name: 'Team erstellen' })).toBeVisible();
    expect(screen.queryByText('Versionen')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Ended, the start page explains what a team is for and offers to create one.
    await user.click(screen.getByRole('button', { name: 'Einführung beenden' }));
    expect(await screen.findByRole('heading', { name: 'Noch kein Team' })).toBeVisible();
    expect(screen.getByText(/Lege dein eigenes an/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Team erstellen' })).toHaveAttribute('href', '/team-erstellen');
    expect(await screen.findByText(/Du bist gerade für nichts eingetragen/)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Neu in deinen Projekten' })).not.toBeInTheDocument();
  });

  it('shows what needs me now: open applications, my next sign-ups, new changes in my projects and my teams', async () => {
    answer('GET', `/v5/team/${tsv.id}/applications`, { applications: [
      { applicationId: '0b9a4c1e-a0a0-4aaa-8bbb-000000000011', userId: '0b9a4c1e-a0a0-4aaa-8bbb-000000000021', name: 'Grace Hopper', appliedAt: '2027-03-04T09:00:00.000Z' },
      { applicationId: '0b9a4c1e-a0a0-4aaa-8bbb-000000000012', userId: '0b9a4c1e-a0a0-4aaa-8bbb-000000000022', name: 'Alan Turing', appliedAt: '2027-03-04T09:00:00.000Z' },
    ] });
    answer('GET', `/v5/team/${tsv.id}/project`, { projects: [autumn, template, summer] });
    // One call counts the badges of every shown project of the team.
    answer('GET', `/v5/team/${tsv.id}/changes`, { projects: [{ projectId: summer.projectId, count: 3, capped: false }, { projectId: autumn.projectId, count: 0, capped: false }] });
    renderHome({ links: [tsv, choir], signups: [
      mySignup({ itemName: 'Grillstand', date: '2099-07-01' }),
      mySignup({ itemName: 'Kaffee', date: '2099-06-20', time: { from: '14:00', to: '16:00' }, status: 'waitlisted' }),
      mySignup({ itemName: 'Aufbau', date: '2020-05-01' }),
      mySignup({ itemName: 'Abbau', date: '2099-06-01', cancelledAt: '2027-03-07T12:00:00.000Z', cancelledBy: 'self' }),
    ] });
    expect(screen.getByText('Hallo Ada, das steht für dich an.')).toBeVisible();

    const needs = await screen.findByRole('list', { name: 'Wartet auf dich' });
    expect(await within(needs).findByText('2 Personen möchten TSV Musterstadt beitreten.')).toBeVisible();
    expect(within(needs).getByRole('link', { name: 'Anträge ansehen' })).toHaveAttribute('href', '/team/tsv/user');

    const next = await screen.findByRole('region', { name: 'Als Nächstes' });
    await within(next).findByRole('link', { name: 'Kaffee' });
    expect(within(next).getAllByRole('link').map((link) => link.textContent)).toEqual(['Kaffee', 'Grillstand', 'Alle meine Einträge']);
    expect(within(next).getByRole('link', { name: 'Kaffee' })).toHaveAttribute('href', '/sommerfest');
    expect(within(next).getByRole('link', { name: 'Kaffee' }).closest('li')).toHaveTextContent(/14:00–16:00 · Sommerfest · Kuchenbuffet.*Warteliste/);
    expect(within(next).getByRole('link', { name: 'Alle meine Einträge' })).toHaveAttribute('href', '/task');

    const projects = screen.getByRole('region', { name: 'Neu in deinen Projekten' });
    expect(await within(projects).findByText('3 neue Änderungen')).toBeVisible();
    expect(within(projects).getByRole('link', { name: 'Sommerfest' })).toHaveAttribute('href', `/manage/tsv/project/${summer.projectId}`);
    expect(within(projects).getByRole('link', { name: 'Herbstmarkt' }).closest('li')).toHaveTextContent('Nichts Neues');
    expect(within(projects).queryByRole('link', { name: 'Vorlage Turnier' })).not.toBeInTheDocument();
    expect(fetchCalls('GET', `/v5/team/${tsv.id}/changes`)).toHaveLength(1);
    expect(fetchCalls('GET', `/v5/team/${tsv.id}/changes`)[0]?.query.get('projects')?.split(',').sort()).toEqual([summer.projectId, autumn.projectId].sort());

    const teams = screen.getByRole('region', { name: 'Meine Teams' });
    expect(within(teams).getByRole('link', { name: 'TSV Musterstadt' })).toHaveAttribute('href', '/team/tsv');
    expect(within(teams).getByRole('link', { name: 'Kirchenchor' }).closest('li')).toHaveTextContent('Mitglied');
    // Applications and projects are read only for the team I manage.
    expect(fetchCalls('GET', `/v5/team/${choir.id}/applications`)).toEqual([]);
    expect(fetchCalls('GET', `/v5/team/${choir.id}/project`)).toEqual([]);
  });

  it('offers the first project in a managed team without projects', async () => {
    answer('GET', `/v5/team/${tsv.id}/applications`, { applications: [] });
    answer('GET', `/v5/team/${tsv.id}/project`, { projects: [template] });
    renderHome({ links: [tsv] });
    expect(await screen.findByText(/In TSV Musterstadt gibt es noch kein Projekt/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Erstes Projekt anlegen' })).toHaveAttribute('href', '/manage/tsv/project');
    expect(screen.getByRole('link', { name: 'Aus einer Vorlage starten' })).toHaveAttribute('href', '/manage/tsv/templates');
    expect(screen.getByRole('list', { name: 'Wartet auf dich' })).toBeEmptyDOMElement();
  });
});
