import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import { ProjectSettingsDialog, type SettingsProject } from './project-settings-dialog';

const teamId = '0b9a4c1e-dddd-4aaa-8bbb-000000000001';
const projectId = '0b9a4c1e-dddd-4aaa-8bbb-000000000002';
const base = `/v5/team/${teamId}/project/${projectId}`;
const project: SettingsProject = {
  projectId, name: 'Sommerfest', colour: 3, status: 1, locked: false, visibility: 'public', startDate: null,
  description: 'Im Park', place: 'Stadtpark, Musikpavillon', comments: true, hideArchived: false,
};
const changed = { projectId, changed: true, checkpoint: 'c1' };

function renderDialog(overrides: Partial<SettingsProject> = {}, isOwner = true) {
  const onClose = jest.fn();
  return { onClose, ...renderConsole(
    <ProjectSettingsDialog teamId={teamId} project={{ ...project, ...overrides }} isOwner={isOwner} manageProjectsHref="/projekte" onClose={onClose} />,
  ) };
}

describe('ProjectSettingsDialog', () => {
  it('shows the settings filled in, the name required with at most 120 characters', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Einstellungen des Projekts' });
    expect(within(dialog).getByLabelText('Name des Projekts')).toHaveValue('Sommerfest');
    expect(within(dialog).getByLabelText('Name des Projekts')).toBeRequired();
    expect(within(dialog).getByLabelText('Name des Projekts')).toHaveAttribute('maxLength', '120');
    expect(within(dialog).getByRole('textbox', { name: 'Beschreibung' })).toHaveValue('Im Park');
    expect(within(dialog).getByRole('checkbox', { name: 'Kommentare erlauben' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Aktiv');
    expect(within(dialog).getByRole('button', { name: 'Status ändern' })).toBeDisabled();
  });

  it('asks for a project password of at least 8 characters, and its hint says so', async () => {
    const { user } = renderDialog();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sichtbarkeit' }), 'Mit Passwort');
    const password = screen.getByLabelText('Projekt-Passwort');
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('minLength', '8');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Mindestens 8 Zeichen.'));
  });

  it('keeps an existing project password when the field stays empty', () => {
    renderDialog({ visibility: 'password' });
    expect(screen.getByLabelText('Projekt-Passwort')).not.toBeRequired();
  });

  it('saves the edit, then the changed visibility and lock, and closes', async () => {
    answer('PUT', base, changed);
    answer('PUT', `${base}/visibility`, changed);
    answer('PUT', `${base}/lock`, { projectId, locked: true, checkpoint: 'c2' });
    const { user, onClose } = renderDialog();
    await user.clear(screen.getByLabelText('Name des Projekts'));
    await user.type(screen.getByLabelText('Name des Projekts'), ' Herbstfest ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sichtbarkeit' }), 'Mitglieder des Teams');
    await user.click(screen.getByRole('checkbox', { name: 'Projekt sperren' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Settings nobody touched are not sent: the server keeps them as they are.
    expect(fetchCalls('PUT', base)[0]?.body).toEqual({ name: 'Herbstfest', colour: 3, startDate: null, settings: {} });
    expect(fetchCalls('PUT', `${base}/visibility`)[0]?.body).toEqual({ visibility: 'team' });
    expect(fetchCalls('PUT', `${base}/lock`)[0]?.body).toEqual({ locked: true });
  });

  it('sets the place, trimmed, with a hint, and sends only the changed setting', async () => {
    answer('PUT', base, changed);
    const { user, onClose } = renderDialog();
    const place = screen.getByRole('textbox', { name: 'Ort' });
    expect(place).toHaveValue('Stadtpark, Musikpavillon');
    expect(place).toHaveAttribute('maxLength', '200');
    expect(place).toHaveAccessibleDescription(/Besucher sehen den Ort/);
    await user.clear(place);
    await user.type(place, '  Sportplatz am Wald, Ulm ');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('PUT', base)[0]?.body).toEqual({ name: 'Sommerfest', colour: 3, startDate: null, settings: { place: 'Sportplatz am Wald, Ulm' } });
  });

  it('from the projects list, where description and place are not known, neither shows nor blanks them', async () => {
    answer('PUT', base, changed);
    const { user, onClose } = renderDialog({ description: undefined, place: undefined, comments: undefined, hideArchived: undefined });
    expect(screen.queryByRole('textbox', { name: 'Ort' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Beschreibung' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Kommentare erlauben' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchCalls('PUT', base)[0]?.body).toEqual({ name: 'Sommerfest', colour: 3, startDate: null, settings: {} });
  });

  it('changes the status at once with its own button and shows the project limit with its way out', async () => {
    answerError('PUT', `${base}/status`, { status: 403, intern: 6201, text: 'limit' });
    const { user, onClose } = renderDialog({ status: 4 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Aktiv');
    await user.click(screen.getByRole('button', { name: 'Status ändern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Du hast die Grenze an Projekten erreicht.');
    expect(screen.getByRole('link', { name: 'Status ändern' })).toHaveAttribute('href', '/projekte');
    expect(fetchCalls('PUT', `${base}/status`)[0]?.body).toEqual({ status: 1 });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets only the owner release a project in planning', () => {
    renderDialog({ status: 3 }, false);
    const options = [...(screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).options].map((option) => option.text);
    expect(options).not.toContain('Aktiv');
    expect(screen.getByText(/Ein Projekt in Planung sehen nur/)).toBeVisible();
  });

  it('shows the error of the save and stays open', async () => {
    answerError('PUT', base, { status: 423, intern: 'project_locked', text: 'locked' });
    const { user, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Projekt ist gesperrt und kann nicht bearbeitet werden.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
