import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { InvitesSection } from './invites-section';
import type { TeamDetails } from './teams.api';

const team: TeamDetails = {
  id: '0b9a4c1e-acac-4aaa-8bbb-000000000001', link: 'tsv', name: 'TSV Musterstadt', type: 'club', design: { logo_url: null },
  pro: false, plan: 'free', planLapsed: false, blocked: false, activeProjects: [],
  set: { contactUser: false, contactGroup: false, featureTag: [] }, team: 2, level: 'owner',
};
const invitationsPath = `/v5/team/${team.id}/invitations`;
const created = { inviteId: '0b9a4c1e-acac-4aaa-8bbb-000000000002', path: '/account/invite/abc', checkpoint: 'c1' };

describe('InvitesSection', () => {
  it('invites by a required e-mail with a role and says the mail is on its way', async () => {
    answer('GET', invitationsPath, { invitations: [] });
    answer('POST', invitationsPath, created, 201);
    const { user } = renderConsole(<InvitesSection team={team} />);
    expect(await screen.findByText('Keine offenen Einladungen.')).toBeVisible();
    const mail = screen.getByLabelText('E-Mail-Adresse');
    expect(mail).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
    expect(fetchCalls('POST', invitationsPath)).toEqual([]);
    await user.type(mail, ' bea@example.org ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rolle im Team' }), 'Admin');
    await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Die Einladung wurde verschickt.');
    expect(mail).toHaveValue('');
    expect(fetchCalls('POST', invitationsPath)[0]?.body).toEqual({ channel: 'mail', email: 'bea@example.org', level: 'admin' });
  });

  it('creates a link to share instead, without an e-mail', async () => {
    answer('GET', invitationsPath, { invitations: [] });
    answer('POST', invitationsPath, created, 201);
    const { user } = renderConsole(<InvitesSection team={team} />);
    await user.click(screen.getByRole('radio', { name: 'Link zum Teilen' }));
    expect(screen.queryByLabelText('E-Mail-Adresse')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link erstellen' }));
    const ready = await screen.findByRole('status');
    expect(ready).toHaveTextContent('Teile diesen Link.');
    expect(ready).toHaveTextContent(`${window.location.origin}/account/invite/abc`);
    expect(within(ready).getByRole('button', { name: 'Kopieren' })).toBeVisible();
  });

  it('lists the open invitations and shows the error of an invitation', async () => {
    answer('GET', invitationsPath, { invitations: [
      { inviteId: '0b9a4c1e-acac-4aaa-8bbb-000000000003', channel: 'mail', level: 'member', expiresAt: '2027-06-01T10:00:00.000Z' },
    ] });
    answerError('POST', invitationsPath, { status: 403, intern: null, text: 'Diese Rolle darfst du nicht vergeben.' });
    const { user } = renderConsole(<InvitesSection team={team} />);
    const table = await screen.findByRole('table', { name: 'Offene Einladungen' });
    expect(within(table).getByRole('button', { name: 'Zurückziehen' })).toBeVisible();
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'bea@example.org');
    await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Rolle darfst du nicht vergeben.');
  });
});
