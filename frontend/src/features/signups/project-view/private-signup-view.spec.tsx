import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import type { ItemView, ListView, ProjectView } from '../../projects';
import { answer, answerError, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import { cachedSignups } from '../link-cache';
import { parsePrivatePart, PrivateSignupView } from './private-signup-view';
import type { ViewContext } from './view-context';

// The page behind the private link of a visitor's confirmation mail (issue 14):
// /{prjLink}/signup#<list>.<sign-up>.<token>, on any device.

const projectId = '0b9a4c1e-6666-4aaa-8bbb-000000000001';
const listId = '0b9a4c1e-6666-4aaa-8bbb-000000000002';
const signupId = '0b9a4c1e-6666-4aaa-8bbb-000000000005';
const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const item = (n: number, name: string): ItemView => ({
  itemId: `0b9a4c1e-6666-4aaa-8bbb-00000000010${n}`, name, description: '', capacity: 4, vote: null, date: '2026-07-04', time: { from: '18:00', to: '20:30' },
  placed: 1, waitlisted: 0, free: 3, signups: null, mine: [],
});
const list: ListView = {
  listId, phaseId: '0b9a4c1e-6666-4aaa-8bbb-000000000003', type: 1, name: 'Helfer', description: '',
  window: { opensAt: null, closesAt: null, endsAt: null }, windowState: 'open', attendance: 'automatic', fields: [],
  settings: { waitlist: false, maxPerPerson: null, allowAnonymous: true, showNames: 'admins' }, namesVisible: false, items: [item(1, 'Grillstand'), item(2, 'Abbau')],
};
const view: ProjectView = {
  project: {
    projectId, teamId: '0b9a4c1e-6666-4aaa-8bbb-000000000004', link: 'sommerfest', name: 'Sommerfest', colour: 1, status: 1, locked: false,
    visibility: 'public', startDate: null, description: '', comments: false,
  },
  viewer: { admin: false, member: false },
  phases: [{ phaseId: '0b9a4c1e-6666-4aaa-8bbb-000000000003', name: 'Aufbau', description: '', folderId: null }],
  lists: [list],
  version: 3,
};
const context: ViewContext = { view, viewer: { signedIn: false, admin: false }, linkBase: { kind: 'link', link: 'sommerfest' } };
const ownPath = `/v5/project/${projectId}/list/${listId}/signup/${signupId}`;
const own = { signupId, listId, itemId: list.items[0]!.itemId, name: 'Eva Gast', values: {}, vote: null, status: 'placed', position: null };

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.hash}</output>;
}

function renderPage(hash: string) {
  return renderConsole(
    <Routes>
      <Route element={<><Outlet context={context} /><Address /></>}>
        <Route path="/sommerfest/signup" element={<PrivateSignupView />} />
      </Route>
    </Routes>,
    { path: `/sommerfest/signup${hash}` },
  );
}

afterEach(() => localStorage.clear());

describe('parsePrivatePart', () => {
  it('reads list, sign-up and token from the fragment and nothing else', () => {
    expect(parsePrivatePart(`#${listId}.${signupId}.${token}`)).toEqual({ listId, signupId, token });
    expect(parsePrivatePart('')).toBeNull();
    expect(parsePrivatePart(`#${listId}.${signupId}`)).toBeNull();
    expect(parsePrivatePart(`#${listId}.${signupId}.${token}x`)).toBeNull();
    expect(parsePrivatePart(`#../${signupId}.${token}`)).toBeNull();
  });
});

describe('PrivateSignupView', () => {
  it('reads the sign-up with the token in the header, drops the private part from the address and shows it with change and cancel', async () => {
    answer('GET', ownPath, own);
    renderPage(`#${listId}.${signupId}.${token}`);
    const section = await screen.findByRole('region', { name: 'Deine Eintragung' });
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/sommerfest\/signup$/);
    const [call] = fetchCalls('GET', ownPath);
    expect(call?.headers['x-signup-token']).toBe(token);
    expect(call?.url).not.toContain(token);
    const card = within(section).getByTestId('public-item');
    expect(card).toHaveTextContent('Grillstand');
    expect(within(card).getByTestId('own-signup')).toHaveTextContent('Eva Gast');
    expect(within(card).getByRole('button', { name: 'Ändern' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Austragen' })).toBeVisible();
    // This browser now knows the sign-up (and its token) like the one that signed up.
    expect(cachedSignups(projectId)).toEqual([expect.objectContaining({ signupId, token, name: 'Eva Gast', itemId: own.itemId })]);
  });

  it('cancels through the link and says what happened', async () => {
    answer('GET', ownPath, own);
    answer('DELETE', ownPath, { signupId, promoted: [], checkpoint: 'c2' });
    const { user } = renderPage(`#${listId}.${signupId}.${token}`);
    await user.click(await screen.findByRole('button', { name: 'Austragen' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Austragen' }));
    expect(await screen.findByRole('heading', { name: 'Deine Eintragung ist zurückgezogen' })).toBeVisible();
    expect(fetchCalls('DELETE', ownPath)[0]?.headers['x-signup-token']).toBe(token);
    expect(cachedSignups(projectId)).toEqual([]);
    expect(screen.getByRole('link', { name: 'Zum Projekt' })).toHaveAttribute('href', '/sommerfest');
  });

  it('says a link that opens no sign-up is no longer valid', async () => {
    answerError('GET', ownPath, { status: 403, intern: 'signup_token_invalid', text: 'invalid' });
    renderPage(`#${listId}.${signupId}.${token}`);
    expect(await screen.findByRole('heading', { name: 'Dieser Link gilt nicht mehr' })).toBeVisible();
    expect(screen.getByText(/zurückgezogen oder gelöscht/)).toBeVisible();
  });

  it('explains the link when the page is opened without it, and asks nothing', async () => {
    renderPage('');
    expect(screen.getByRole('heading', { name: 'Öffne den Link aus deiner E-Mail' })).toBeVisible();
    await waitFor(() => expect(fetchCalls('GET', ownPath)).toEqual([]));
  });
});
