import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { TemplateGallery } from './template-gallery';

const teamId = '0b9a4c1e-dddd-4aaa-8bbb-000000000001';
const projectId = '0b9a4c1e-dddd-4aaa-8bbb-000000000002';
const applyPath = (templateId: string) => `/v5/team/${teamId}/template/${templateId}/project`;

function renderGallery(owner = true) {
  const onApplied = jest.fn();
  return { onApplied, ...renderConsole(<TemplateGallery teamId={teamId} ccLink="tsv" owner={owner} activateByDefault onApplied={onApplied} />) };
}

describe('TemplateGallery', () => {
  it('shows the five templates with an icon, what each contains and its lists, in the console language', () => {
    renderGallery();
    const cards = within(screen.getByRole('list', { name: 'Vorlagen' })).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(cards).toEqual(['Helferliste', 'Mitbring-Buffet', 'Turnier', 'Elternsprechtag', 'Schichtplan']);
    const shifts = screen.getByRole('heading', { name: 'Schichtplan' }).closest('li')!;
    expect(shifts).toHaveTextContent('2 Listen · 8 Einträge · 20 Plätze');
    expect(shifts).toHaveTextContent('mit Uhrzeiten');
    expect(within(shifts).getByRole('list', { name: 'Listen in Schichtplan' })).toHaveTextContent('EinlassBar');
    expect(shifts.querySelector('svg.icon')).not.toBeNull();
    // The potluck has no clock times.
    expect(screen.getByRole('heading', { name: 'Mitbring-Buffet' }).closest('li')).not.toHaveTextContent('mit Uhrzeiten');
  });

  it('asks for date and start of a timed template and creates the project with the console language and release', async () => {
    answer('POST', applyPath('shifts'), { projectId, link: 'schichtplan-x', status: 1, checkpoint: 'c1' }, 201);
    const { user, onApplied } = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Vorlage Schichtplan verwenden' }));
    const dialog = screen.getByRole('dialog', { name: 'Projekt aus „Schichtplan“' });
    expect(within(dialog).getByLabelText('Name des Projekts')).toHaveValue('Schichtplan');
    expect((within(dialog).getByLabelText('Projekt-Link') as HTMLInputElement).value).toMatch(/^schichtplan-[a-z0-9]{1,4}$/);
    expect(within(dialog).getByLabelText('Beginn')).toHaveValue('18:00');
    expect(within(dialog).getByLabelText('Beginn')).toHaveAccessibleDescription('Alle Zeiten der Vorlage richten sich nach dem Beginn.');
    expect(within(dialog).getByLabelText('Gleich freigeben, damit sich andere eintragen können')).toBeChecked();
    await user.clear(within(dialog).getByLabelText('Projekt-Link'));
    await user.type(within(dialog).getByLabelText('Projekt-Link'), 'Sommerfest-Schichten');
    await user.clear(within(dialog).getByLabelText('Datum'));
    await user.type(within(dialog).getByLabelText('Datum'), '2027-06-20');
    await user.clear(within(dialog).getByLabelText('Beginn'));
    await user.type(within(dialog).getByLabelText('Beginn'), '19:30');
    await user.click(within(dialog).getByRole('button', { name: 'Projekt erstellen' }));
    await waitFor(() => expect(onApplied).toHaveBeenCalled());
    expect(onApplied).toHaveBeenCalledWith({ projectId, link: 'schichtplan-x' });
    expect(fetchCalls('POST', applyPath('shifts'))[0]?.body).toEqual({
      name: 'Schichtplan', link: 'sommerfest-schichten', startDate: '2027-06-20', startTime: '19:30', locale: 'de',
      utcOffset: expect.stringMatching(/^[+-]\d\d:\d\d$/), activate: true,
    });
  }, 20_000);

  it('asks no start time for an untimed template and offers no release to a manager who is not the owner', async () => {
    answer('POST', applyPath('potluck'), { projectId, link: 'buffet', status: 3, checkpoint: 'c1' }, 201);
    const { user } = renderGallery(false);
    await user.click(screen.getByRole('button', { name: 'Vorlage Mitbring-Buffet verwenden' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText('Beginn')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Projekt erstellen' }));
    expect(fetchCalls('POST', applyPath('potluck'))[0]?.body).toMatchObject({ startTime: '18:00', activate: false });
  });

  it('shows the free plan\'s project limit (6201) with the way to the projects and stays open', async () => {
    answerError('POST', applyPath('helpers'), { status: 403, intern: 6201, text: 'limit' });
    const { user, onApplied } = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Vorlage Helferliste verwenden' }));
    await user.click(screen.getByRole('button', { name: 'Projekt erstellen' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Du hast die Grenze an Projekten erreicht.');
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/manage/tsv/project');
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(onApplied).not.toHaveBeenCalled();
  });
});
