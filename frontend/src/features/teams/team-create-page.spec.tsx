import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { TeamCreatePage } from './team-create-page';

const created = { teamId: '0b9a4c1e-3333-4aaa-8bbb-000000000001', link: 'tsv-musterstadt', checkpoint: 'c1' };

function renderPage() {
  return renderConsole(
    <Routes>
      <Route path="/team-erstellen" element={<TeamCreatePage />} />
      <Route path="/team/:ccLink" element={<p>Team-Seite</p>} />
    </Routes>,
    { path: '/team-erstellen' },
  );
}

describe('TeamCreatePage', () => {
  it('asks for a required name and link with their maximum lengths and the kind of team', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Team erstellen' })).toBeVisible();
    expect(screen.getByLabelText('Name des Teams')).toBeRequired();
    expect(screen.getByLabelText('Name des Teams')).toHaveAttribute('maxLength', '100');
    expect(screen.getByLabelText('Team-Link')).toHaveAttribute('maxLength', '60');
    expect(screen.getByLabelText('Team-Link')).toHaveAccessibleDescription('Kleinbuchstaben, Ziffern und Bindestriche, 2 bis 60 Zeichen.');
    expect(screen.getByRole('combobox', { name: 'Art des Teams' })).toHaveDisplayValue('Verein');
  });

  it('proposes the link from the name until the link is edited', async () => {
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Name des Teams'), 'TSV Musterstadt');
    expect(screen.getByLabelText('Team-Link')).toHaveValue('tsv-musterstadt');
    await user.clear(screen.getByLabelText('Team-Link'));
    await user.type(screen.getByLabelText('Team-Link'), 'tsv');
    await user.type(screen.getByLabelText('Name des Teams'), ' e.V.');
    expect(screen.getByLabelText('Team-Link')).toHaveValue('tsv');
  });

  it('names an impossible link at the field and sends nothing', async () => {
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Name des Teams'), 'TSV');
    await user.clear(screen.getByLabelText('Team-Link'));
    await user.type(screen.getByLabelText('Team-Link'), 'tsv_');
    await user.click(screen.getByRole('button', { name: 'Team erstellen' }));
    expect(screen.getByLabelText('Team-Link')).toHaveAccessibleDescription(
      expect.stringContaining('Dieser Link ist nicht möglich: nur Kleinbuchstaben, Ziffern und Bindestriche.'),
    );
    expect(fetchCalls('POST', '/v5/team')).toEqual([]);
  });

  it('creates the team and opens it', async () => {
    answer('POST', '/v5/team', created, 201);
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Name des Teams'), ' TSV Musterstadt ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art des Teams' }), 'Schule');
    await user.click(screen.getByRole('button', { name: 'Team erstellen' }));
    expect(await screen.findByText('Team-Seite')).toBeVisible();
    expect(fetchCalls('POST', '/v5/team')[0]?.body).toEqual({ name: 'TSV Musterstadt', link: 'tsv-musterstadt', type: 'school' });
  });

  it('disables the submit while the call is in flight', async () => {
    const release = hold('POST', '/v5/team', created);
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Name des Teams'), 'TSV');
    await user.click(screen.getByRole('button', { name: 'Team erstellen' }));
    expect(screen.getByRole('button', { name: 'Team erstellen' })).toBeDisabled();
    release();
    expect(await screen.findByText('Team-Seite')).toBeVisible();
  });

  it('shows a taken link at the link field', async () => {
    answerError('POST', '/v5/team', { status: 409, intern: 'team_link_taken', text: 'taken', field: 'link' });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Name des Teams'), 'TSV');
    await user.click(screen.getByRole('button', { name: 'Team erstellen' }));
    expect(await screen.findByText('Dieser Team-Link ist schon vergeben.')).toBeVisible();
    expect(screen.getByLabelText('Team-Link')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the plans when a further team needs an upgrade (6010)', async () => {
    answerError('POST', '/v5/team', { status: 403, intern: 6010, text: 'upgrade' });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Name des Teams'), 'TSV');
    await user.click(screen.getByRole('button', { name: 'Team erstellen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Es gibt bereits ein Team. Für ein weiteres Team ist ein Upgrade nötig.');
    expect(screen.getByRole('link', { name: 'Zu den Plänen' })).toBeVisible();
  });
});
