import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { answer, answerError, fetchCalls, hold } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import type { PhaseView } from '../projects.api';
import { PhaseDialog } from './phase-dialog';

const target = { teamId: '0b9a4c1e-5555-4aaa-8bbb-000000000001', projectId: '0b9a4c1e-5555-4aaa-8bbb-000000000002' };
const base = `/v5/team/${target.teamId}/project/${target.projectId}`;
const phase: PhaseView = { phaseId: '0b9a4c1e-5555-4aaa-8bbb-000000000003', name: 'Aufbau', description: 'Freitag', folderId: null };

describe('PhaseDialog', () => {
  it('asks for a required name of at most 120 characters and a description', () => {
    renderConsole(<PhaseDialog target={target} onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Neue Phase' })).toBeVisible();
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '120');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Beschreibung' })).toHaveAttribute('maxLength', '10000');
  });

  it('adds a sub-group to its parent with the trimmed name', async () => {
    answer('POST', `${base}/phase`, { projectId: target.projectId, phaseId: '0b9a4c1e-5555-4aaa-8bbb-000000000004', checkpoint: 'c1' }, 201);
    const onClose = jest.fn();
    const { user } = renderConsole(<PhaseDialog target={target} parent={phase} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Neue Untergruppe in Aufbau' })).toBeVisible();
    await user.type(screen.getByLabelText('Name'), ' Bühne ');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('POST', `${base}/phase`)[0]?.body).toEqual({ name: 'Bühne', description: '', folderId: phase.phaseId });
  });

  it('edits a phase, keeping the dialog open with the server error until it succeeds', async () => {
    answerError('PUT', `${base}/phase/${phase.phaseId}`, { status: 423, intern: 'project_locked', text: 'locked' });
    const onClose = jest.fn();
    const { user } = renderConsole(<PhaseDialog target={target} phase={phase} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Phase bearbeiten' })).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('Aufbau');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Projekt ist gesperrt und kann nicht bearbeitet werden.');
    expect(onClose).not.toHaveBeenCalled();
    const release = hold('PUT', `${base}/phase/${phase.phaseId}`, { projectId: target.projectId, changed: true, checkpoint: 'c2' });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled());
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends nothing without a name, and closes by Escape', async () => {
    const onClose = jest.fn();
    const { user } = renderConsole(<PhaseDialog target={target} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(fetchCalls('POST')).toEqual([]);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
