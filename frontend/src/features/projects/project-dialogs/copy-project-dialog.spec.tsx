import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls, hold } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import { CopyProjectDialog } from './copy-project-dialog';

// The date field loads its module lazily: the first dialog waits for it.
jest.setTimeout(30_000);
const dateSegments = async (label: string) => within(await screen.findByRole('group', { name: label }, { timeout: 10000 })).getAllByRole('spinbutton');

const teamId = '0b9a4c1e-9999-4aaa-8bbb-000000000001';
const project = { projectId: '0b9a4c1e-9999-4aaa-8bbb-000000000002', name: 'Sommerfest' };
const copyPath = `/v5/team/${teamId}/project/${project.projectId}/copy`;
const copied = { projectId: '0b9a4c1e-9999-4aaa-8bbb-000000000003', link: 'kopie-von-sommerfest', status: 3, checkpoint: 'c1' };

function renderDialog(asPreset: boolean) {
  const onCopied = jest.fn();
  return { onCopied, ...renderConsole(<CopyProjectDialog teamId={teamId} project={project} asPreset={asPreset} onClose={() => undefined} onCopied={onCopied} />) };
}

describe('CopyProjectDialog', () => {
  it('proposes "Kopie von …" with its link, both required', () => {
    renderDialog(false);
    expect(screen.getByRole('dialog', { name: 'Projekt kopieren' })).toBeVisible();
    expect(screen.getByLabelText('Name des Projekts')).toHaveValue('Kopie von Sommerfest');
    expect(screen.getByLabelText('Name des Projekts')).toBeRequired();
    expect(screen.getByLabelText('Projekt-Link')).toHaveValue('kopie-von-sommerfest');
    expect(screen.getByLabelText('Projekt-Link')).toBeRequired();
  });

  it('copies with the chosen start date and reports the copy', async () => {
    answer('POST', copyPath, copied, 201);
    const { user, onCopied } = renderDialog(false);
    await user.click((await dateSegments('Startdatum'))[0]);
    await user.keyboard('01062027');
    await user.click(screen.getByRole('button', { name: 'Kopieren' }));
    await waitFor(() => expect(onCopied).toHaveBeenCalledWith(copied.projectId));
    expect(fetchCalls('POST', copyPath)[0]?.body).toEqual({ name: 'Kopie von Sommerfest', link: 'kopie-von-sommerfest', asPreset: false, startDate: '2027-06-01' });
  });

  it('saves as a preset under the project name', async () => {
    const release = hold('POST', copyPath, { ...copied, link: 'sommerfest', status: 10 });
    const { user, onCopied } = renderDialog(true);
    expect(screen.getByRole('dialog', { name: 'Als Vorlage speichern' })).toBeVisible();
    expect(screen.getByLabelText('Name des Projekts')).toHaveValue('Sommerfest');
    await user.click(screen.getByRole('button', { name: 'Vorlage speichern' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Vorlage speichern' })).toBeDisabled());
    release();
    await waitFor(() => expect(onCopied).toHaveBeenCalled());
    expect(fetchCalls('POST', copyPath)[0]?.body).toMatchObject({ asPreset: true });
  });

  it('shows a taken link from the server', async () => {
    answerError('POST', copyPath, { status: 409, intern: 'project_link_taken', text: 'taken', field: 'link' });
    const { user, onCopied } = renderDialog(false);
    await user.click(screen.getByRole('button', { name: 'Kopieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Projekt-Link ist bereits vergeben.');
    expect(onCopied).not.toHaveBeenCalled();
  });
});
