import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import type { ItemView, ListView } from '../projects';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { SignupDialog, type SignupTarget, type Viewer } from './signup-dialog';

// Issue 14: a visitor may leave an e-mail address for the confirmation mail, the calendar
// entry and the private link; members and admins are not asked for one.

const projectId = '0b9a4c1e-5555-4aaa-8bbb-000000000001';
const listId = '0b9a4c1e-5555-4aaa-8bbb-000000000002';
const itemId = '0b9a4c1e-5555-4aaa-8bbb-000000000003';
const signupPath = `/v5/project/${projectId}/list/${listId}/signup`;

function target(): SignupTarget {
  const item: ItemView = { itemId, name: 'Kuchen', description: '', capacity: 3, vote: null, date: null, time: null, placed: 0, waitlisted: 0, free: 3, signups: null, mine: [] };
  const list: ListView = {
    listId, phaseId: '0b9a4c1e-5555-4aaa-8bbb-000000000004', type: 1, name: 'Buffet', description: '',
    window: { opensAt: null, closesAt: null, endsAt: null }, windowState: 'open', attendance: 'automatic', fields: [],
    settings: { waitlist: true, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, namesVisible: true, items: [item],
  };
  return { projectId, list, item, version: 7 };
}

const visitor: Viewer = { signedIn: false, admin: false };
const placed = { signupId: '0b9a4c1e-5555-4aaa-8bbb-000000000005', itemId, status: 'placed', position: null, token: 't'.repeat(43), checkpoint: 'c1' };

describe('SignupDialog: the optional e-mail address', () => {
  it('offers visitors an optional e-mail field that says what it is for', () => {
    renderConsole(<SignupDialog target={target()} viewer={visitor} onClose={() => undefined} />);
    const field = within(screen.getByRole('dialog', { name: 'Eintragen: Kuchen' })).getByLabelText('E-Mail-Adresse (freiwillig)');
    expect(field).not.toBeRequired();
    expect(field).toHaveAttribute('type', 'email');
    expect(field).toHaveAttribute('autocomplete', 'email');
    expect(field).toHaveAccessibleDescription(/Bestätigung mit Kalendereintrag und einen privaten Link/);
  });

  it('does not ask members or admins for an address', () => {
    renderConsole(<SignupDialog target={target()} viewer={{ signedIn: true, admin: false }} onClose={() => undefined} />);
    expect(screen.queryByLabelText('E-Mail-Adresse (freiwillig)')).toBeNull();
  });

  it('sends the trimmed address with the page\'s language and says where the confirmation goes', async () => {
    answer('POST', signupPath, placed, 201);
    const onClose = jest.fn();
    const { user } = renderConsole(<SignupDialog target={target()} viewer={visitor} onClose={onClose} />);
    await user.type(screen.getByLabelText('Dein Name'), 'Eva');
    await user.type(screen.getByLabelText('E-Mail-Adresse (freiwillig)'), ' eva@example.org ');
    await user.click(screen.getByRole('button', { name: 'Eintragen' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('POST', signupPath).map((call) => call.body)).toEqual([{ itemId, name: 'Eva', values: {}, vote: null, email: 'eva@example.org', language: 'de' }]);
  });

  it('sends no address field when it stays empty', async () => {
    answer('POST', signupPath, placed, 201);
    const onClose = jest.fn();
    const { user } = renderConsole(<SignupDialog target={target()} viewer={visitor} onClose={onClose} />);
    await user.type(screen.getByLabelText('Dein Name'), 'Eva');
    await user.click(screen.getByRole('button', { name: 'Eintragen' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('POST', signupPath).map((call) => call.body)).toEqual([{ itemId, name: 'Eva', values: {}, vote: null }]);
  });

  it('shows the server\'s refusal of the address under the field and stays open', async () => {
    answerError('POST', signupPath, { status: 400, intern: 'validation_failed', text: 'invalid', field: 'email' });
    const onClose = jest.fn();
    const { user } = renderConsole(<SignupDialog target={target()} viewer={visitor} onClose={onClose} />);
    await user.type(screen.getByLabelText('Dein Name'), 'Eva');
    await user.type(screen.getByLabelText('E-Mail-Adresse (freiwillig)'), 'eva@example.org');
    await user.click(screen.getByRole('button', { name: 'Eintragen' }));
    await waitFor(() => expect(screen.getByLabelText('E-Mail-Adresse (freiwillig)')).toHaveAccessibleDescription(/gültige E-Mail-Adresse/));
    expect(screen.getByLabelText('E-Mail-Adresse (freiwillig)')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });
});
