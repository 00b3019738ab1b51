import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { answer, answerError, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import { MultiEditDialog } from './multi-edit-dialog';

// The date and time fields and the chart load their module lazily: the first use waits for it.
jest.setTimeout(30_000);

const target = { teamId: '0b9a4c1e-adad-4aaa-8bbb-000000000001', projectId: '0b9a4c1e-adad-4aaa-8bbb-000000000002' };
const listIds = ['0b9a4c1e-adad-4aaa-8bbb-000000000003', '0b9a4c1e-adad-4aaa-8bbb-000000000004'];
const listsPath = `/v5/team/${target.teamId}/project/${target.projectId}/lists`;

describe('MultiEditDialog', () => {
  it('names the number of lists and leaves every setting unchanged at first', () => {
    renderConsole(<MultiEditDialog target={target} listIds={listIds} onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: '2 Listen gemeinsam bearbeiten' })).toBeVisible();
    for (const name of ['Art der Liste', 'Anwesenheit', 'Namen zeigen']) {
      expect(screen.getByRole('combobox', { name })).toHaveDisplayValue('Unverändert');
    }
  });

  it('sends only the settings that were chosen, and the window when asked to', async () => {
    answer('PUT', listsPath, { projectId: target.projectId, changedLists: listIds, checkpoint: 'c1' });
    const onClose = jest.fn();
    const { user } = renderConsole(<MultiEditDialog target={target} listIds={listIds} onClose={onClose} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Warteliste, wenn ein Eintrag voll ist' }), 'Ein');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Anwesenheit' }), 'Von Admins bestätigen');
    await user.click(screen.getByRole('checkbox', { name: 'Zeitraum für alle setzen' }));
    expect(await screen.findByRole('group', { name: 'Eintragung ab' }, { timeout: 10000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('PUT', listsPath)[0]?.body).toEqual({
      listIds,
      changes: { attendance: 'manual', settings: { waitlist: true }, window: { opensAt: null, closesAt: null, endsAt: null } },
    });
  });

  it('shows the error of the server and stays open', async () => {
    answerError('PUT', listsPath, { status: 423, intern: 'project_locked', text: 'locked' });
    const onClose = jest.fn();
    const { user } = renderConsole(<MultiEditDialog target={target} listIds={listIds} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Projekt ist gesperrt und kann nicht bearbeitet werden.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
