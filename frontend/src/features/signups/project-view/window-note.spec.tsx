import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import type { ListView } from '../../projects';
import { renderConsole } from '../../../shared/testing/render';
import { WindowNote } from './window-note';

const makeList = (windowState: ListView['windowState'], window: Partial<ListView['window']> = {}): ListView => ({
  listId: '0b9a4c1e-1c1c-4aaa-8bbb-000000000002', phaseId: '0b9a4c1e-1c1c-4aaa-8bbb-000000000004', type: 1, name: 'Buffet', description: '',
  window: { opensAt: null, closesAt: null, endsAt: null, ...window }, windowState, attendance: 'automatic', fields: [],
  settings: { waitlist: false, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, namesVisible: true, items: [],
});

const note = () => screen.getByTestId('window-note');

// Spec section 4: before start, open until a limit date, ended — in words, with the dates.
describe('WindowNote', () => {
  it('says when the sign-up opens', () => {
    renderConsole(<WindowNote list={makeList('before', { opensAt: '2026-06-01T10:00:00.000Z' })} />);
    expect(note()).toHaveTextContent(/^Eintragung ab Mo\., 1\. Juni 2026/);
  });

  it('says until when the sign-up is open, or only that it is open', () => {
    const { unmount } = renderConsole(<WindowNote list={makeList('open', { closesAt: '2026-06-12T10:00:00.000Z' })} />);
    expect(note()).toHaveTextContent(/^Eintragung offen bis Fr\., 12\. Juni 2026/);
    unmount();
    renderConsole(<WindowNote list={makeList('open')} />);
    expect(note()).toHaveTextContent('Eintragung offen');
  });

  it('says since when the sign-up is closed and the list is over', () => {
    const { unmount } = renderConsole(<WindowNote list={makeList('closed', { closesAt: '2026-06-12T10:00:00.000Z' })} />);
    expect(note()).toHaveTextContent(/^Eintragung beendet am Fr\., 12\. Juni 2026/);
    unmount();
    renderConsole(<WindowNote list={makeList('ended', { endsAt: '2026-06-14T10:00:00.000Z' })} />);
    expect(note()).toHaveTextContent(/^Vorbei seit So\., 14\. Juni 2026/);
  });
});
