import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { ApplyToTeam } from './apply-to-team';
import { TeamLayout } from './team-layout';

const applyPath = '/v5/team/tsv/applications';

// Opens the apply page the way the visitor page's link does: with the team's name as state.
function Navigated({ to, teamName, link }: { to: string; teamName: string; link: string }) {
  return (
    <Routes>
      <Route path="/" element={<Go to={to} teamName={teamName} />} />
      <Route path="/team/:ccLink/apply" element={<ApplyToTeam link={link} />} />
    </Routes>
  );
}

function Go({ to, teamName }: { to: string; teamName: string }) {
  const navigate = useNavigate();
  useEffect(() => { void navigate(to, { state: { teamName } }); }, [navigate, to, teamName]);
  return null;
}

describe('ApplyToTeam', () => {
  it('applies with the team link, the button disabled meanwhile, and confirms', async () => {
    const release = hold('POST', applyPath, { applicationId: '0b9a4c1e-afaf-4aaa-8bbb-000000000011', checkpoint: 'c1' });
    const { user } = renderConsole(<ApplyToTeam link="tsv" />);
    expect(screen.getByRole('heading', { name: 'Diesem Team beitreten' })).toBeVisible();
    expect(screen.getByText(/Du bist \(noch\) kein Mitglied von „tsv“/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Beitritt anfragen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Beitritt anfragen' })).toBeDisabled());
    release();
    expect(await screen.findByRole('status')).toHaveTextContent('Deine Anfrage ist gesendet.');
    expect(screen.queryByRole('button', { name: 'Beitritt anfragen' })).not.toBeInTheDocument();
    expect(fetchCalls('POST', applyPath)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('shows the spec text of an application that is still open', async () => {
    answerError('POST', applyPath, { status: 409, intern: null, text: 'Du hast bereits einen offenen Antrag für dieses Team.' });
    const { user } = renderConsole(<ApplyToTeam link="tsv" />);
    await user.click(screen.getByRole('button', { name: 'Beitritt anfragen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Du hast bereits einen offenen Antrag für dieses Team.');
    expect(screen.getByRole('button', { name: 'Beitritt anfragen' })).toBeEnabled();
  });

  it('is what the team layout shows to a signed-in outsider (the team answers 404)', async () => {
    answerError('GET', '/v5/team/tsv', { status: 404, intern: null, text: 'Nicht gefunden.' });
    renderConsole(<Routes><Route path="/team/:ccLink/*" element={<TeamLayout />} /></Routes>, { path: '/team/tsv/details' });
    expect(await screen.findByRole('button', { name: 'Beitritt anfragen' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps showing other errors of the team as errors', async () => {
    answerError('GET', '/v5/team/tsv', { status: 500, intern: null, text: '' });
    answer('POST', applyPath, {});
    renderConsole(<Routes><Route path="/team/:ccLink/*" element={<TeamLayout />} /></Routes>, { path: '/team/tsv/details' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Es ist ein Fehler aufgetreten.');
    expect(screen.queryByRole('button', { name: 'Beitritt anfragen' })).not.toBeInTheDocument();
  });

  it('names the team that came along from the visitor page, and never shows a bare id', async () => {
    const teamId = '0b9a4c1e-afaf-4aaa-8bbb-000000000005';
    const { unmount } = renderConsole(
      <Routes><Route path="/team/:ccLink/apply" element={<ApplyToTeam link={teamId} />} /></Routes>,
      { path: `/team/${teamId}/apply` },
    );
    expect(screen.getByText(/^Du bist \(noch\) kein Mitglied dieses Teams\./)).toBeVisible();
    expect(screen.queryByText(new RegExp(teamId))).not.toBeInTheDocument();
    unmount();
    answer('POST', `/v5/team/${teamId}/applications`, { applicationId: '0b9a4c1e-afaf-4aaa-8bbb-000000000011', checkpoint: 'c1' });
    const { user } = renderConsole(<Navigated to={`/team/${teamId}/apply`} teamName="Sportverein Ulm" link={teamId} />);
    expect(await screen.findByText(/Du bist \(noch\) kein Mitglied von „Sportverein Ulm“/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Beitritt anfragen' }));
    await waitFor(() => expect(fetchCalls('POST', `/v5/team/${teamId}/applications`)).toHaveLength(1));
  });
});
