import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { answer, answerError, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import type { ListView } from '../projects.api';
import { NotifyDialog } from './notify-dialog';

const target = { teamId: '0b9a4c1e-aaaa-4aaa-8bbb-000000000001', projectId: '0b9a4c1e-aaaa-4aaa-8bbb-000000000002' };
const listId = '0b9a4c1e-aaaa-4aaa-8bbb-000000000003';
const notifyPath = `/v5/team/${target.teamId}/project/${target.projectId}/list/${listId}/notify`;
const list: ListView = {
  listId, phaseId: '0b9a4c1e-aaaa-4aaa-8bbb-000000000004', type: 1, name: 'Buffet', description: '',
  window: { opensAt: null, closesAt: null, endsAt: null }, windowState: 'open', attendance: 'automatic', fields: [],
  settings: { waitlist: false, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, namesVisible: true, items: [],
};

describe('NotifyDialog', () => {
  it('asks for a required subject of at most 200 characters and a required message', () => {
    renderConsole(<NotifyDialog target={target} list={list} onClose={() => undefined} onSent={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Eingetragene benachrichtigen' })).toBeVisible();
    expect(screen.getByLabelText('Betreff')).toBeRequired();
    expect(screen.getByLabelText('Betreff')).toHaveAttribute('maxLength', '200');
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toBeRequired();
  });

  it('sends nothing without a message, then sends the trimmed notice and reports the recipients', async () => {
    answer('POST', notifyPath, { listId, noticeId: '0b9a4c1e-aaaa-4aaa-8bbb-000000000005', recipients: 12, checkpoint: 'c1' }, 201);
    const onSent = jest.fn();
    const { user } = renderConsole(<NotifyDialog target={target} list={list} onClose={() => undefined} onSent={onSent} />);
    await user.type(screen.getByLabelText('Betreff'), ' Umzug ');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(fetchCalls('POST', notifyPath)).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Wir treffen uns um 10 Uhr.');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(12));
    expect(fetchCalls('POST', notifyPath)[0]?.body).toEqual({ subject: 'Umzug', text: 'Wir treffen uns um 10 Uhr.' });
  });

  it('shows the error of the server', async () => {
    answerError('POST', notifyPath, { status: 423, intern: 'project_locked', text: 'locked' });
    const onSent = jest.fn();
    const { user } = renderConsole(<NotifyDialog target={target} list={list} onClose={() => undefined} onSent={onSent} />);
    await user.type(screen.getByLabelText('Betreff'), 'Umzug');
    await user.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Text');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Projekt ist gesperrt und kann nicht bearbeitet werden.');
    expect(onSent).not.toHaveBeenCalled();
  });
});
