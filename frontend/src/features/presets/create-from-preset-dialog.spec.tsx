import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ProjectOverviewEntry } from '../projects';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { CreateFromPresetDialog } from './create-from-preset-dialog';

// The date field loads its module lazily: the first dialog waits for it.
jest.setTimeout(30_000);
const dateSegments = async (label: string) => within(await screen.findByRole('group', { name: label }, { timeout: 10000 })).getAllByRole('spinbutton');

const teamId = '0b9a4c1e-cccc-4aaa-8bbb-000000000001';
const preset: ProjectOverviewEntry = {
  projectId: '0b9a4c1e-cccc-4aaa-8bbb-000000000002', teamId, link: 'vorlage-fest', name: 'Vorlage Fest', colour: 1, status: 10,
  previousStatus: null, locked: false, visibility: 'public', startDate: '2027-05-01', shareHash: 'h',
  counts: { phases: 1, lists: 1, items: 1, placed: 0, waitlisted: 0, signups: 0, capacity: 0, unlimitedItems: 0 },
  createdBy: 'u', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};
const createPath = `/v5/team/${teamId}/preset/${preset.projectId}/project`;

function renderDialog(onClose = jest.fn()) {
  return { onClose, ...renderConsole(
    <Routes>
      <Route path="/vorlagen" element={<CreateFromPresetDialog teamId={teamId} ccLink="tsv" preset={preset} onClose={onClose} />} />
      <Route path="*" element={<p>Projekt verwalten</p>} />
    </Routes>,
    { path: '/vorlagen' },
  ) };
}

describe('CreateFromPresetDialog', () => {
  it('proposes the preset name, its link and its start date, which is required and explained', async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Projekt aus „Vorlage Fest“ erstellen' })).toBeVisible();
    expect(screen.getByLabelText('Name des Projekts')).toHaveValue('Vorlage Fest');
    expect(screen.getByLabelText('Projekt-Link')).toHaveValue('vorlage-fest');
    const start = await dateSegments('Startdatum');
    for (const segment of start) expect(segment).toHaveAttribute('aria-required', 'true');
    expect(start.map((segment) => segment.textContent)).toEqual(['01', '05', '2027']);
    expect(start[0]).toHaveAccessibleDescription(/Die Vorlage beginnt am 1\.5\.2027; alle Daten verschieben sich entsprechend\./);
  });

  it('creates the project and opens it', async () => {
    answer('POST', createPath, { projectId: '0b9a4c1e-cccc-4aaa-8bbb-000000000003', link: 'sommerfest', status: 3, checkpoint: 'c1' }, 201);
    const { user, onClose } = renderDialog();
    await user.clear(screen.getByLabelText('Name des Projekts'));
    await user.type(screen.getByLabelText('Name des Projekts'), 'Sommerfest');
    await user.click(screen.getByRole('button', { name: 'Projekt erstellen' }));
    expect(await screen.findByText('Projekt verwalten')).toBeVisible();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('POST', createPath)[0]?.body).toEqual({ name: 'Sommerfest', link: 'sommerfest', startDate: '2027-05-01' });
  });

  it('shows the project limit and stays open', async () => {
    answerError('POST', createPath, { status: 403, intern: 6201, text: 'limit' });
    const { user, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Projekt erstellen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Du hast die Grenze an Projekten erreicht.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
