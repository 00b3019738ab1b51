import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls, hold } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import { ContactGroupDialog } from './contact-group-dialog';
import type { ContactGroupSummary } from './contact-groups.api';

const teamId = '0b9a4c1e-5e5e-4aaa-8bbb-000000000001';
const groupId = '0b9a4c1e-5e5e-4aaa-8bbb-000000000002';
const groupsPath = `/v5/team/${teamId}/contact/group`;
const klasse: ContactGroupSummary = {
  groupId, name: 'Klasse 5b', kind: 'class', policy: 'admins', description: 'Frau Lang', memberCount: 3, updatedAt: '2026-11-26T10:00:00.000Z',
};

describe('ContactGroupDialog', () => {
  it('asks for a required name of at most 80 characters, the kind, who admits members and a description of at most 500', async () => {
    renderConsole(<ContactGroupDialog teamId={teamId} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Neue Gruppe' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('maxLength', '80');
    const kind = within(dialog).getByLabelText('Art');
    expect(within(kind).getAllByRole('option').map((option) => option.textContent)).toEqual(['Gruppe', 'Abteilung', 'Klasse']);
    const policy = within(dialog).getByLabelText('Wer nimmt Mitglieder auf?');
    expect(within(policy).getAllByRole('option').map((option) => option.textContent)).toEqual(['Nur die Verwaltung', 'Auf Anfrage mit Zustimmung']);
    expect(within(dialog).getByLabelText('Beschreibung')).toHaveAttribute('maxLength', '500');
    expect(within(dialog).getByRole('button', { name: 'Gruppe anlegen' })).toBeDisabled();
  });

  it('creates the group with the trimmed values and closes', async () => {
    answer('POST', groupsPath, { groupId, checkpoint: 'c1' }, 201);
    const onClose = jest.fn();
    const { user } = renderConsole(<ContactGroupDialog teamId={teamId} onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), '  Klasse 5b ');
    await user.selectOptions(screen.getByLabelText('Art'), 'Klasse');
    await user.selectOptions(screen.getByLabelText('Wer nimmt Mitglieder auf?'), 'Auf Anfrage mit Zustimmung');
    await user.type(screen.getByLabelText('Beschreibung'), 'Schuljahr 2026/27 ');
    await user.click(screen.getByRole('button', { name: 'Gruppe anlegen' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('POST', groupsPath)[0]?.body).toEqual({ name: 'Klasse 5b', kind: 'class', policy: 'request', description: 'Schuljahr 2026/27' });
  });

  it('keeps the submit disabled while the call runs', async () => {
    const release = hold('POST', groupsPath, { groupId, checkpoint: 'c1' });
    const { user } = renderConsole(<ContactGroupDialog teamId={teamId} onClose={() => undefined} />);
    await user.type(screen.getByLabelText('Name'), 'Chor');
    expect(screen.getByRole('button', { name: 'Gruppe anlegen' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Gruppe anlegen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Gruppe anlegen' })).toBeDisabled());
    release();
  });

  it('shows the server\u2019s refusal and stays open with what was typed', async () => {
    answerError('POST', groupsPath, { status: 400, intern: 'validation_failed', text: 'invalid', field: 'name' });
    const onClose = jest.fn();
    const { user } = renderConsole(<ContactGroupDialog teamId={teamId} onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), 'Chor');
    await user.click(screen.getByRole('button', { name: 'Gruppe anlegen' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('Chor');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits a group sending only what changed; nothing changed sends nothing', async () => {
    answer('PUT', `${groupsPath}/${groupId}`, { groupId, changed: true, checkpoint: 'c2' });
    const onClose = jest.fn();
    const { user, unmount } = renderConsole(<ContactGroupDialog teamId={teamId} group={klasse} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Gruppe „Klasse 5b“ bearbeiten' })).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('Klasse 5b');
    expect(screen.getByLabelText('Art')).toHaveValue('class');
    await user.selectOptions(screen.getByLabelText('Wer nimmt Mitglieder auf?'), 'Auf Anfrage mit Zustimmung');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('PUT', `${groupsPath}/${groupId}`).map((call) => call.body)).toEqual([{ policy: 'request' }]);
    unmount();

    const closed = jest.fn();
    const again = renderConsole(<ContactGroupDialog teamId={teamId} group={klasse} onClose={closed} />);
    await again.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(closed).toHaveBeenCalled();
    expect(fetchCalls('PUT', `${groupsPath}/${groupId}`)).toHaveLength(1);
  });

  it('closes on Escape', async () => {
    const onClose = jest.fn();
    const { user } = renderConsole(<ContactGroupDialog teamId={teamId} onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
