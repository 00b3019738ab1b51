import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { Popup } from '../../app/popup';
import { answer, answerError, fetchCalls, hold } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { InviteLinkPage, InvitePage } from './invite-page';
import type { TeamDetails } from './teams.api';

const inviteId = '0b9a4c1e-8888-4aaa-8bbb-000000000001';
const team: TeamDetails = {
  id: '0b9a4c1e-8888-4aaa-8bbb-000000000002', link: 'tsv', name: 'TSV Musterstadt', type: 'club', design: { logo_url: null, color: 2 },
  pro: false, plan: 'free', planLapsed: false, blocked: false, activeProjects: [],
  set: { contactUser: false, contactGroup: true, featureTag: [] }, team: 2, level: 'member',
};
const joined = { teamId: team.id, link: 'tsv', level: 'member', checkpoint: 'c1' };

function renderPage(path: string) {
  return renderConsole(
    <>
      <Routes>
        <Route path="/invite/:inviteId?" element={<InvitePage />} />
        <Route path="/account/invite/:data" element={<InviteLinkPage />} />
      </Routes>
      <Popup />
    </>,
    { path },
  );
}

describe('InvitePage', () => {
  it('explains the invitation and offers accept and decline', () => {
    renderPage(`/invite/${inviteId}`);
    expect(screen.getByRole('heading', { name: 'Einladung in ein Team' })).toBeVisible();
    expect(screen.getByText(/Die Einladung gilt nur für die E-Mail-Adresse, an die sie geschickt wurde./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Annehmen' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Ablehnen' })).toBeEnabled();
  });

  it('asks for the link of the mail without an invitation id', () => {
    renderPage('/invite');
    expect(screen.getByText('Öffne den Link aus deiner Einladungsmail, um einem Team beizutreten.')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('accepts, names the team joined and links to it', async () => {
    const release = hold('POST', `/v5/invite/${inviteId}/accept`, joined);
    answer('GET', '/v5/team/tsv', team);
    const { user } = renderPage(`/invite/${inviteId}`);
    await user.click(screen.getByRole('button', { name: 'Annehmen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Annehmen' })).toBeDisabled());
    release();
    expect(await screen.findByRole('link', { name: 'Zum Team' })).toHaveAttribute('href', '/team/tsv');
    expect(screen.getAllByText('Du wurdest mit TSV Musterstadt verbunden')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Annehmen' })).not.toBeInTheDocument();
    expect(localStorage.getItem('planwerk.lastTeam')).toBe('tsv');
  });

  it('names the team by its link when its details cannot be read', async () => {
    answer('POST', `/v5/invite/${inviteId}/accept`, joined);
    answerError('GET', '/v5/team/tsv', { status: 500, intern: null, text: 'boom' });
    const { user } = renderPage(`/invite/${inviteId}`);
    await user.click(screen.getByRole('button', { name: 'Annehmen' }));
    expect(await screen.findByRole('link', { name: 'Zum Team' })).toBeVisible();
    expect(screen.getAllByText('Du wurdest mit tsv verbunden')).toHaveLength(2);
  });

  it('declines', async () => {
    answer('POST', `/v5/invite/${inviteId}/decline`, { inviteId, checkpoint: 'c1' });
    const { user } = renderPage(`/invite/${inviteId}`);
    await user.click(screen.getByRole('button', { name: 'Ablehnen' }));
    expect(await screen.findByText('Du hast die Einladung abgelehnt.')).toBeVisible();
    expect(fetchCalls('POST', `/v5/invite/${inviteId}/accept`)).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Annehmen' })).not.toBeInTheDocument();
  });

  it('says an invitation that cannot be used is invalid', async () => {
    answerError('POST', `/v5/invite/${inviteId}/accept`, { status: 404, intern: 'not_found', text: 'gone' });
    const { user } = renderPage(`/invite/${inviteId}`);
    await user.click(screen.getByRole('button', { name: 'Annehmen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Einladung ist ungültig, abgelaufen oder gilt für eine andere E-Mail-Adresse.');
    expect(screen.getByRole('button', { name: 'Annehmen' })).toBeEnabled();
  });

  it('shows a server failure as such, not as an invalid invitation', async () => {
    answerError('POST', `/v5/invite/${inviteId}/accept`, { status: 500, intern: null, text: 'boom' });
    const { user } = renderPage(`/invite/${inviteId}`);
    await user.click(screen.getByRole('button', { name: 'Annehmen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Es ist ein Fehler aufgetreten. Bitte versuche es erneut.');
  });
});

describe('InviteLinkPage', () => {
  it('joins through the link with its data and links to the team', async () => {
    answer('POST', '/v5/account/invite', joined);
    answer('GET', '/v5/team/tsv', team);
    const { user } = renderPage('/account/invite/abc123');
    expect(screen.getByRole('heading', { name: 'Einem Team beitreten' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Beitreten' }));
    expect(await screen.findByRole('link', { name: 'Zum Team' })).toHaveAttribute('href', '/team/tsv');
    expect(fetchCalls('POST', '/v5/account/invite')[0]?.body).toEqual({ data: 'abc123' });
  });

  it('says a link that cannot be used is invalid', async () => {
    answerError('POST', '/v5/account/invite', { status: 410, intern: 'invite_expired', text: 'expired' });
    const { user } = renderPage('/account/invite/abc123');
    await user.click(screen.getByRole('button', { name: 'Beitreten' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Einladung ist ungültig, abgelaufen oder gilt für eine andere E-Mail-Adresse.');
  });
});
