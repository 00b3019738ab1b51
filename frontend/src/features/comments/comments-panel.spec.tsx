import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { signedIn } from '../../app/auth.slice';
import { createStore } from '../../app/store';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { CommentsButton, CommentsPanel } from './comments-panel';

const me = {
  uid: '0b9a4c1e-ffff-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};
const path = 'project/0b9a4c1e-ffff-4aaa-8bbb-000000000002';
const comment = (n: number, text: string, authorId: string | null, authorName: string | null) => ({
  id: `0b9a4c1e-ffff-4aaa-8bbb-00000000010${n}`, path, text, authorId, authorName, authorRemoved: authorId === null, at: '2027-06-01T10:00:00.000Z',
});

function signedInStore() {
  const store = createStore();
  store.dispatch(signedIn(me));
  return store;
}

describe('CommentsPanel', () => {
  it('lists the comments with their authors; only the own one can be removed', async () => {
    answer('GET', '/v5/comment/details', { count: 2, latest: { text: 'Bin dabei' }, items: [
      comment(1, 'Bin dabei', me.uid, 'Ada Lovelace'), comment(2, 'Alt', null, null),
    ] });
    renderConsole(<CommentsPanel path={path} canModerate={false} />, { store: signedInStore() });
    const list = await screen.findByRole('list', { name: 'Kommentare' });
    const [own, erased] = within(list).getAllByRole('listitem');
    expect(own).toHaveTextContent('Ada Lovelace');
    expect(within(own!).getByRole('button', { name: 'Entfernen' })).toBeVisible();
    expect(erased).toHaveTextContent('Ehemaliges Mitglied');
    expect(within(erased!).queryByRole('button', { name: 'Entfernen' })).not.toBeInTheDocument();
  });

  it('says when there are no comments and asks visitors to sign in', async () => {
    answer('GET', '/v5/comment/details', { count: 0, latest: null, items: [] });
    renderConsole(<CommentsPanel path={path} canModerate={false} />);
    expect(await screen.findByText('Noch keine Kommentare.')).toBeVisible();
    expect(screen.getByText('Melde dich an, um zu kommentieren.')).toBeVisible();
    expect(screen.queryByLabelText('Dein Kommentar')).not.toBeInTheDocument();
  });

  it('takes a required comment of at most 5000 characters and sends it trimmed, then empties the field', async () => {
    answer('GET', '/v5/comment/details', { count: 0, latest: null, items: [] });
    answer('POST', '/v5/comment', { commentId: '0b9a4c1e-ffff-4aaa-8bbb-000000000003', path, checkpoint: 'c1' }, 201);
    const { user } = renderConsole(<CommentsPanel path={path} canModerate={false} />, { store: signedInStore() });
    const text = screen.getByLabelText('Dein Kommentar');
    expect(text).toBeRequired();
    expect(text).toHaveAttribute('maxLength', '5000');
    expect(screen.getByRole('button', { name: 'Kommentar senden' })).toBeDisabled();
    await user.type(text, '  Bin dabei  ');
    await user.click(screen.getByRole('button', { name: 'Kommentar senden' }));
    await waitFor(() => expect(text).toHaveValue(''));
    expect(fetchCalls('POST', '/v5/comment')[0]?.body).toEqual({ path, text: 'Bin dabei' });
  });

  it('shows that comments are switched off', async () => {
    answer('GET', '/v5/comment/details', { count: 0, latest: null, items: [] });
    answerError('POST', '/v5/comment', { status: 403, intern: 'comments_closed', text: 'closed' });
    const { user } = renderConsole(<CommentsPanel path={path} canModerate={false} />, { store: signedInStore() });
    await user.type(screen.getByLabelText('Dein Kommentar'), 'Hallo');
    await user.click(screen.getByRole('button', { name: 'Kommentar senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kommentare sind in diesem Projekt ausgeschaltet.');
    expect(screen.getByLabelText('Dein Kommentar')).toHaveValue('Hallo');
  });
});

describe('CommentsButton', () => {
  it('shows the count and opens the comments in a dialog that Escape closes', async () => {
    answer('GET', '/v5/comment', { count: 2, latest: { text: 'Bin dabei' } });
    answer('GET', '/v5/comment/details', { count: 0, latest: null, items: [] });
    const { user } = renderConsole(<CommentsButton path={path} name="Sommerfest" canModerate={false} />);
    const button = await screen.findByRole('button', { name: '2 Kommentare: Sommerfest' });
    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'Kommentare: Sommerfest' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
