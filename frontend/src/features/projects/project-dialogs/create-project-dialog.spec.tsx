import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls, hold } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import { CreateProjectDialog } from './create-project-dialog';

// The date field loads its module lazily: the first dialog waits for it.
jest.setTimeout(30_000);
const dateSegments = async (label: string) => within(await screen.findByRole('group', { name: label }, { timeout: 10000 })).getAllByRole('spinbutton');

const teamId = '0b9a4c1e-4444-4aaa-8bbb-000000000001';
const projectId = '0b9a4c1e-4444-4aaa-8bbb-000000000002';
const createPath = `/v5/team/${teamId}/project`;
const created = { projectId, link: 'sommerfest', shareHash: 'abc', checkpoint: 'c1' };

function renderDialog(onCreated = jest.fn(), onClose = jest.fn()) {
  return { onCreated, onClose, ...renderConsole(<CreateProjectDialog teamId={teamId} onClose={onClose} onCreated={onCreated} />) };
}

describe('CreateProjectDialog', () => {
  it('asks for a required name and link with their limits, colour, visibility and start date', async () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Neues Projekt' });
    const name = within(dialog).getByLabelText('Name des Projekts');
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('maxLength', '120');
    const link = within(dialog).getByLabelText('Projekt-Link');
    expect(link).toBeRequired();
    expect(link).toHaveAttribute('minLength', '2');
    expect(link).toHaveAttribute('maxLength', '60');
    expect(within(dialog).getByRole('combobox', { name: 'Farbe' })).toBeVisible();
    expect(within(dialog).getByRole('combobox', { name: 'Sichtbarkeit' })).toHaveDisplayValue('Öffentlich (alle mit dem Link)');
    expect((await dateSegments('Startdatum')).map((segment) => segment.getAttribute('data-type'))).toEqual(['day', 'month', 'year']);
  });

  it('proposes the link from the name and shows the address in the hint', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Name des Projekts'), 'Sommerfest 2027');
    expect(screen.getByLabelText('Projekt-Link')).toHaveValue('sommerfest-2027');
    expect(screen.getByLabelText('Projekt-Link')).toHaveAccessibleDescription(expect.stringContaining('sommerfest-2027'));
  });

  it('creates the project and reports it', async () => {
    answer('POST', createPath, created, 201);
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText('Name des Projekts'), ' Sommerfest ');
    await user.click(screen.getByRole('button', { name: 'Projekt erstellen' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(projectId));
    expect(fetchCalls('POST', createPath)[0]?.body).toEqual({ name: 'Sommerfest', link: 'sommerfest', colour: 7, visibility: 'public', startDate: null });
  });

  it('asks for a password of at least 8 characters for a password project and sets it in a second call', async () => {
    answer('POST', createPath, created, 201);
    answer('PUT', `${createPath}/${projectId}/visibility`, { projectId, changed: true, checkpoint: 'c2' });
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText('Name des Projekts'), 'Sommerfest');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sichtbarkeit' }), 'Mit Passwort');
    const password = screen.getByLabelText('Projekt-Passwort');
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('minLength', '8');
    await user.type(password, 'geheim-genug');
    await user.click(screen.getByRole('button', { name: 'Projekt erstellen' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(projectId));
    expect(fetchCalls('POST', createPath)[0]?.body).toMatchObject({ visibility: 'owner' });
    expect(fetchCalls('PUT', `${createPath}/${projectId}/visibility`)[0]?.body).toEqual({ visibility: 'password', password: 'geheim-genug' });
  });

  it('sends nothing without a name', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Projekt erstellen' }));
    expect(fetchCalls('POST', createPath)).toEqual([]);
  });

  it('disables the submit while the call is in flight', async () => {
    const release = hold('POST', createPath, created);
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText('Name des Projekts'), 'Sommerfest');
    await user.click(screen.getByRole('button', { name: 'Projekt erstellen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Projekt erstellen' })).toBeDisabled());
    release();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
  });

  it('shows a taken link and the project limit with the spec texts', async () => {
    answerError('POST', createPath, { status: 409, intern: 'project_link_taken', text: 'taken', field: 'link' });
    const { user, onCreated } = renderDialog();
    await user.type(screen.getByLabelText('Name des Projekts'), 'Sommerfest');
    await user.click(screen.getByRole('button', { name: 'Projekt erstellen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Projekt-Link ist bereits vergeben.');
    answerError('POST', createPath, { status: 403, intern: 6201, text: 'limit' });
    await user.click(screen.getByRole('button', { name: 'Projekt erstellen' }));
    expect(await screen.findByText(/Du hast die Grenze an Projekten erreicht/)).toBeVisible();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('closes by Escape', async () => {
    const { user, onClose } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
