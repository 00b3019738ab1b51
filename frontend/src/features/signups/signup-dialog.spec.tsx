import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { LIMITS } from '@planwerk/events/constants';
import type { ItemView, ListView } from '../projects';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { ChangeSignupDialog, SignupDialog, type SignupTarget, type Viewer } from './signup-dialog';

const projectId = '0b9a4c1e-1111-4aaa-8bbb-000000000001';
const listId = '0b9a4c1e-1111-4aaa-8bbb-000000000002';
const itemId = '0b9a4c1e-1111-4aaa-8bbb-000000000003';
const signupPath = `/v5/project/${projectId}/list/${listId}/signup`;

function target({ allowAnonymous = true, vote = null }: { allowAnonymous?: boolean; vote?: ItemView['vote'] } = {}): SignupTarget {
  const item: ItemView = {
    itemId, name: 'Kuchen', description: '', capacity: 3, vote, date: null, time: null,
    placed: 0, waitlisted: 0, free: 3, signups: null, mine: [],
  };
  const list: ListView = {
    listId, phaseId: '0b9a4c1e-1111-4aaa-8bbb-000000000004', type: 1, name: 'Buffet', description: '',
    window: { opensAt: null, closesAt: null, endsAt: null }, windowState: 'open', attendance: 'automatic',
    fields: [{ fieldId: 'phone', kind: 'text', label: 'Telefon', required: true }],
    settings: { waitlist: true, maxPerPerson: null, allowAnonymous, showNames: 'all' },
    namesVisible: true, items: [item],
  };
  return { projectId, list, item, version: 7 };
}

const visitor: Viewer = { signedIn: false, admin: false };
const placed = { signupId: '0b9a4c1e-1111-4aaa-8bbb-000000000005', itemId, status: 'placed', position: null, token: 'secret', checkpoint: 'c1' };

describe('SignUpDialog', () => {
  it('asks a visitor for a required name with its maximum length, the list fields and the hint', () => {
    renderConsole(<SignupDialog target={target()} viewer={visitor} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Eintragen: Kuchen' });
    const name = within(dialog).getByLabelText('Dein Name');
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('maxLength', String(LIMITS.signupNameMax));
    expect(within(dialog).getByLabelText('Telefon (Pflichtfeld)')).toBeRequired();
    expect(dialog).toHaveTextContent('Du kannst deine Eintragung später in diesem Browser ändern oder zurückziehen.');
  });

  it('sends nothing while a required field is empty', async () => {
    const { user } = renderConsole(<SignupDialog target={target()} viewer={visitor} onClose={() => undefined} />);
    await user.type(screen.getByLabelText('Dein Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Eintragen' }));
    expect(fetchCalls('POST', signupPath)).toEqual([]);
  });

  it('signs up with the trimmed name and the values, then closes', async () => {
    answer('POST', signupPath, placed, 201);
    const onClose = jest.fn();
    const { user } = renderConsole(<SignupDialog target={target()} viewer={visitor} onClose={onClose} />);
    await user.type(screen.getByLabelText('Dein Name'), '  Ada  ');
    await user.type(screen.getByLabelText('Telefon (Pflichtfeld)'), '0301234');
    await user.click(screen.getByRole('button', { name: 'Eintragen' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('POST', signupPath).map((call) => call.body)).toEqual([
      { itemId, name: 'Ada', values: { phone: '0301234' }, vote: null },
    ]);
  });

  it('keeps the submit disabled while the call is in flight', async () => {
    const release = hold('POST', signupPath, placed);
    const onClose = jest.fn();
    const { user } = renderConsole(<SignupDialog target={target()} viewer={visitor} onClose={onClose} />);
    await user.type(screen.getByLabelText('Dein Name'), 'Ada');
    await user.type(screen.getByLabelText('Telefon (Pflichtfeld)'), '1');
    await user.click(screen.getByRole('button', { name: 'Eintragen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Eintragen' })).toBeDisabled());
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the error of the server in the dialog and stays open', async () => {
    answerError('POST', signupPath, { status: 409, intern: 'list_full', text: 'list full' });
    const onClose = jest.fn();
    const { user } = renderConsole(<SignupDialog target={target()} viewer={visitor} onClose={onClose} />);
    await user.type(screen.getByLabelText('Dein Name'), 'Ada');
    await user.type(screen.getByLabelText('Telefon (Pflichtfeld)'), '1');
    await user.click(screen.getByRole('button', { name: 'Eintragen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Liste ist voll.');
    expect(screen.getByRole('button', { name: 'Eintragen' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends a visitor of a members-only list to the login instead of showing the form', () => {
    renderConsole(<SignupDialog target={target({ allowAnonymous: false })} viewer={visitor} onClose={() => undefined} />);
    expect(screen.getByText('Für diese Liste musst du angemeldet sein.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Eintragen' })).not.toBeInTheDocument();
  });

  it('asks an admin for the name of the person signed up on behalf', () => {
    renderConsole(<SignupDialog target={target()} viewer={{ signedIn: true, admin: true }} onClose={() => undefined} />);
    expect(screen.getByLabelText('Name der Person, die du einträgst')).toBeRequired();
    expect(screen.getByText('Als Admin trägst du andere Personen ein, nicht dich selbst.')).toBeVisible();
  });

  it('asks a member for no name, and for a vote where the item has one', () => {
    renderConsole(<SignupDialog target={target({ vote: { kind: 'yes_no' } })} viewer={{ signedIn: true, admin: false }} onClose={() => undefined} />);
    expect(screen.queryByLabelText('Dein Name')).not.toBeInTheDocument();
    const vote = screen.getByRole('group', { name: 'Deine Stimme' });
    expect(within(vote).getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual(['Ja', 'Nein']);
  });

  it('closes by Escape', async () => {
    const onClose = jest.fn();
    const { user } = renderConsole(<SignupDialog target={target()} viewer={visitor} onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ChangeSignUpDialog', () => {
  const signupId = '0b9a4c1e-1111-4aaa-8bbb-000000000005';
  const changePath = `${signupPath}/${signupId}`;
  const changed = { signupId, itemId, status: 'placed', promoted: [], checkpoint: 'c2' };

  it('lets a visitor change the required name and the values of the own sign-up', async () => {
    answer('PUT', changePath, changed);
    const onClose = jest.fn();
    const { user } = renderConsole(
      <ChangeSignupDialog target={target()} signup={{ signupId, name: 'Ada', values: { phone: '1' }, vote: null, token: 'secret' }} viewer={visitor} onClose={onClose} />,
    );
    expect(screen.getByRole('dialog', { name: 'Eintragung ändern: Kuchen' })).toBeVisible();
    const name = screen.getByLabelText('Dein Name');
    expect(name).toHaveValue('Ada');
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('maxLength', String(LIMITS.signupNameMax));
    await user.clear(screen.getByLabelText('Telefon (Pflichtfeld)'));
    await user.type(screen.getByLabelText('Telefon (Pflichtfeld)'), '2');
    await user.click(screen.getByRole('button', { name: 'Änderung speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('PUT', changePath)[0]?.body).toEqual({ values: { phone: '2' }, name: 'Ada' });
  });

  it('asks a member for no name and shows the error of the server', async () => {
    answerError('PUT', changePath, { status: 400, intern: 'signup_token_invalid', text: 'token' });
    const onClose = jest.fn();
    const { user } = renderConsole(
      <ChangeSignupDialog target={target()} signup={{ signupId, name: null, values: { phone: '1' }, vote: null }} viewer={{ signedIn: true, admin: false }} onClose={onClose} />,
    );
    expect(screen.queryByLabelText('Dein Name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Änderung speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Eintrag kann nur mit dem Code geändert werden, den du beim Eintragen erhalten hast.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
