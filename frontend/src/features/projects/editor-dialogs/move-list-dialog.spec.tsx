import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { answer, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import type { ListView, PhaseView } from '../projects.api';
import { MoveListDialog } from './move-list-dialog';

const target = { teamId: '0b9a4c1e-bbbb-4aaa-8bbb-000000000001', projectId: '0b9a4c1e-bbbb-4aaa-8bbb-000000000002' };
const phase = (n: number, name: string): PhaseView => ({ phaseId: `0b9a4c1e-bbbb-4aaa-8bbb-00000000010${n}`, name, description: '', folderId: null });
const [first, second, third] = [phase(1, 'Aufbau'), phase(2, 'Fest'), phase(3, 'Abbau')];
const listId = '0b9a4c1e-bbbb-4aaa-8bbb-000000000003';
const list: ListView = {
  listId, phaseId: first.phaseId, type: 1, name: 'Buffet', description: '',
  window: { opensAt: null, closesAt: null, endsAt: null }, windowState: 'open', attendance: 'automatic', fields: [],
  settings: { waitlist: false, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, namesVisible: true, items: [],
};
const movePath = `/v5/team/${target.teamId}/project/${target.projectId}/list/${listId}/move`;

describe('MoveListDialog', () => {
  it('offers every other phase and moves the list to the chosen one', async () => {
    answer('PUT', movePath, { projectId: target.projectId, changed: true, checkpoint: 'c1' });
    const onClose = jest.fn();
    const { user } = renderConsole(<MoveListDialog target={target} list={list} phases={[first, second, third]} onClose={onClose} />);
    const select = screen.getByRole('combobox', { name: 'Ziel-Phase' });
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Fest', 'Abbau']);
    await user.selectOptions(select, 'Abbau');
    await user.click(screen.getByRole('button', { name: 'Verschieben' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('PUT', movePath)[0]?.body).toEqual({ phaseId: third.phaseId });
  });

  it('cannot move without another phase', () => {
    renderConsole(<MoveListDialog target={target} list={list} phases={[first]} onClose={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Verschieben' })).toBeDisabled();
  });
});
