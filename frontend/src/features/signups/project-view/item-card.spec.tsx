import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import type { ItemView, ListView, ProjectView, SignupView } from '../../projects';
import { Popup } from '../../../app/popup';
import { answer, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import { ItemCard } from './item-card';
import { useItemActions } from './use-item-actions';
import type { ViewContext } from './view-context';

const projectId = '0b9a4c1e-1c1c-4aaa-8bbb-000000000001';
const listId = '0b9a4c1e-1c1c-4aaa-8bbb-000000000002';
const itemId = '0b9a4c1e-1c1c-4aaa-8bbb-000000000003';
const signupPath = `/v5/project/${projectId}/list/${listId}/signup`;

const signup = (n: number, name: string | null, change: Partial<SignupView> = {}): SignupView => ({
  signupId: `0b9a4c1e-1c1c-4aaa-8bbb-00000000010${n}`, name, userId: null, values: null, vote: null, status: 'placed', position: null,
  attended: null, mine: false, ...change,
});
const makeItem = (change: Partial<ItemView> = {}): ItemView => ({
  itemId, name: 'Kuchen', description: 'Selbstgebacken', capacity: 4, vote: null, date: null, time: null,
  placed: 2, waitlisted: 0, free: 2, signups: null, mine: [], ...change,
});
const makeList = (change: Partial<ListView> = {}, settings: Partial<ListView['settings']> = {}): ListView => ({
  listId, phaseId: '0b9a4c1e-1c1c-4aaa-8bbb-000000000004', type: 1, name: 'Buffet', description: '',
  window: { opensAt: null, closesAt: null, endsAt: null }, windowState: 'open', attendance: 'automatic', fields: [],
  settings: { waitlist: false, maxPerPerson: null, allowAnonymous: true, showNames: 'all', ...settings }, namesVisible: true, items: [], ...change,
});
const makeContext = (list: ListView, { admin = false, signedIn = false, locked = false, blocked = false } = {}): ViewContext => {
  const view: ProjectView = {
    project: {
      projectId, teamId: '0b9a4c1e-1c1c-4aaa-8bbb-000000000005', link: 'sommerfest', name: 'Sommerfest', colour: 1, status: 1, locked,
      visibility: 'public', startDate: null, description: '', comments: false, blocked,
    },
    viewer: { admin, member: admin || signedIn },
    phases: [{ phaseId: list.phaseId, name: 'Aufbau', description: '', folderId: null }],
    lists: [list],
    version: 5,
  };
  return { view, viewer: { signedIn, admin }, linkBase: { kind: 'link', link: 'sommerfest' } };
};

// The views render an item card with the shared sign-up, change and cancel dialogs.
function Card({ item, list, context }: { item: ItemView; list: ListView; context: ViewContext }) {
  const { actions, element } = useItemActions(context);
  return <>{element}<ul><ItemCard item={item} list={list} context={context} actions={actions} /></ul></>;
}

function renderCard(item: ItemView, list = makeList(), options: Parameters<typeof makeContext>[1] = {}) {
  const withItem = { ...list, items: [item] };
  return renderConsole(<><Card item={item} list={withItem} context={makeContext(withItem, options)} /><Popup /></>);
}

const card = () => screen.getByTestId('public-item');

describe('ItemCard', () => {
  it('shows the name, the description and the remaining places, and offers the sign-up', () => {
    renderCard(makeItem());
    expect(within(card()).getByText('Kuchen')).toBeVisible();
    expect(within(card()).getByText('Selbstgebacken')).toBeVisible();
    expect(within(card()).getByTestId('item-places')).toHaveTextContent('Noch 2 Plätze frei');
    expect(within(card()).getByRole('button', { name: 'Für Kuchen eintragen' })).toHaveTextContent('Eintragen');
  });

  it('counts one free place, an unlimited item and the waitlist', () => {
    const { unmount } = renderCard(makeItem({ free: 1, placed: 3 }));
    expect(within(card()).getByTestId('item-places')).toHaveTextContent('Noch 1 Platz frei');
    unmount();
    const second = renderCard(makeItem({ capacity: null, free: null }));
    expect(within(card()).getByTestId('item-places')).toHaveTextContent('Beliebig viele Plätze frei');
    second.unmount();
    renderCard(makeItem({ free: 0, placed: 4, waitlisted: 3 }), makeList({}, { waitlist: true }));
    expect(within(card()).getByTestId('item-places')).toHaveTextContent('Alle 4 Plätze sind vergeben · 3 auf der Warteliste');
  });

  it('says a full item without waitlist is full: one disabled "Voll", no active sign-up button', async () => {
    const { user } = renderCard(makeItem({ free: 0, placed: 4 }));
    const buttons = within(card()).getAllByRole('button');
    expect(buttons).toHaveLength(1);
    const [button] = buttons;
    expect(button).toHaveAccessibleName('Kuchen ist voll');
    expect(button).toHaveTextContent('Voll');
    expect(button).toBeDisabled();
    expect(within(card()).queryByRole('button', { name: 'Für Kuchen eintragen' })).not.toBeInTheDocument();
    expect(within(card()).getByTestId('item-places')).toHaveTextContent('Alle 4 Plätze sind vergeben');
    await user.click(button as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers the waitlist of a full item whose list has one: "Voll — auf die Warteliste?"', async () => {
    const { user } = renderCard(makeItem({ free: 0, placed: 4 }), makeList({}, { waitlist: true }));
    expect(within(card()).getAllByRole('button')).toHaveLength(1);
    const button = within(card()).getByRole('button', { name: 'Kuchen: Voll — auf die Warteliste?' });
    expect(button).toHaveTextContent('Voll — auf die Warteliste?');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'Eintragen: Kuchen' })).toBeVisible();
  });

  it('signs a visitor up through the dialog, then shows the own sign-up instead of the button', async () => {
    answer('POST', signupPath, { signupId: '0b9a4c1e-1c1c-4aaa-8bbb-000000000200', itemId, status: 'placed', position: null, token: 'secret', checkpoint: 'c1' }, 201);
    const { user } = renderCard(makeItem());
    await user.click(within(card()).getByRole('button', { name: 'Für Kuchen eintragen' }));
    const dialog = screen.getByRole('dialog', { name: 'Eintragen: Kuchen' });
    await user.type(within(dialog).getByLabelText('Dein Name'), 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Eintragen' }));
    const own = await screen.findByTestId('own-signup');
    expect(fetchCalls('POST', signupPath)[0]?.body).toMatchObject({ itemId, name: 'Ada' });
    expect(own).toHaveTextContent('Deine Eintragung');
    expect(own).toHaveTextContent('Ada');
    expect(within(own).getByTestId('own-signup-status')).toHaveTextContent('Eingetragen');
    // The visitor's token lets this browser change and cancel the sign-up.
    expect(within(own).getByRole('button', { name: 'Ändern' })).toBeEnabled();
    expect(within(own).getByRole('button', { name: 'Austragen' })).toBeEnabled();
    expect(within(card()).queryByRole('button', { name: 'Für Kuchen eintragen' })).not.toBeInTheDocument();
  });

  it('offers no sign-up while the list is not open or the project is locked', () => {
    const { unmount } = renderCard(makeItem(), makeList({ windowState: 'before' }));
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument();
    unmount();
    renderCard(makeItem(), makeList(), { locked: true });
    expect(within(card()).getByTestId('item-places')).toHaveTextContent('Noch 2 Plätze frei');
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('takes no sign-ups from visitors of a blocked project, but from its admins', () => {
    const { unmount } = renderCard(makeItem(), makeList(), { blocked: true });
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument();
    unmount();
    renderCard(makeItem(), makeList(), { blocked: true, admin: true, signedIn: true });
    expect(within(card()).getByRole('button', { name: 'Für Kuchen eintragen' })).toBeEnabled();
  });

  it('shows the date and the time of an item', () => {
    renderCard(makeItem({ date: '2026-06-13', time: { from: '10:00', to: '12:30' } }));
    expect(within(card()).getByText('Sa., 13. Juni 2026')).toBeVisible();
    expect(within(card()).getByText('10:00–12:30 Uhr')).toBeVisible();
  });

  it('shows a member their waitlisted sign-up and cancels it only after the confirmation', async () => {
    const mine = signup(1, 'Ada Lovelace', { mine: true, status: 'waitlisted', position: 2 });
    answer('DELETE', `${signupPath}/${mine.signupId}`, { signupId: mine.signupId, promoted: [], checkpoint: 'c1' });
    const { user } = renderCard(makeItem({ free: 0, placed: 4, waitlisted: 2, mine: [mine] }), makeList({}, { waitlist: true }), { signedIn: true });
    const own = screen.getByTestId('own-signup');
    expect(within(own).getByTestId('own-signup-status')).toHaveTextContent('Warteliste, Platz 2');
    // Nothing to change: no fields, no vote, no visitor token.
    expect(within(own).queryByRole('button', { name: 'Ändern' })).not.toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: /Warteliste$/ })).not.toBeInTheDocument();

    await user.click(within(own).getByRole('button', { name: 'Austragen' }));
    const confirm = screen.getByRole('dialog', { name: 'Austragen' });
    expect(confirm).toHaveTextContent('Eintragung für „Kuchen“ zurückziehen?');
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    expect(fetchCalls('DELETE')).toEqual([]);

    await user.click(within(own).getByRole('button', { name: 'Austragen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Austragen' })).getByRole('button', { name: 'Austragen' }));
    expect(await screen.findByText('Du bist ausgetragen.')).toBeVisible();
    expect(fetchCalls('DELETE', `${signupPath}/${mine.signupId}`)).toHaveLength(1);
  });

  it('lets an admin sign up again beside an own sign-up', () => {
    renderCard(makeItem({ mine: [signup(1, 'Ada Lovelace', { mine: true })] }), makeList(), { admin: true, signedIn: true });
    expect(screen.getByTestId('own-signup')).toBeVisible();
    expect(within(card()).getByRole('button', { name: 'Für Kuchen eintragen' })).toBeEnabled();
  });

  it('lists the names of the others, without the own one, a nameless one and the waitlist place', () => {
    const mine = signup(1, 'Ada Lovelace', { mine: true });
    renderCard(makeItem({
      free: 0, placed: 2, waitlisted: 1, mine: [mine],
      signups: [mine, signup(2, 'Grace Hopper'), signup(3, null), signup(4, 'Alan Turing', { status: 'waitlisted', position: 1 })],
    }), makeList({}, { waitlist: true }), { signedIn: true });
    const names = within(card()).getByRole('list', { name: 'Eingetragen' });
    expect(within(names).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual(['Grace Hopper', 'Ohne Namen', 'Alan Turing (Warteliste, Platz 1)']);
  });

  it('shows no names where the list hides them', () => {
    renderCard(makeItem({ signups: [signup(2, 'Grace Hopper')] }), makeList({ namesVisible: false }));
    expect(within(card()).queryByRole('list', { name: 'Eingetragen' })).not.toBeInTheDocument();
    expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument();
  });
});
