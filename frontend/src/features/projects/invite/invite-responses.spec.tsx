import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { answer, answerError } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import { InviteDialog } from './invite-dialog';

const teamId = '0b9a4c1e-acac-4aaa-8bbb-000000000001';
const project = { projectId: '0b9a4c1e-acac-4aaa-8bbb-000000000010', name: 'Sommerfest', link: 'sommerfest', shareHash: 'h4sh' };
const listPath = `/v5/team/${teamId}/project/${project.projectId}/invitations`;
const id = (n: number) => `0b9a4c1e-acac-4aaa-8bbb-00000000002${n}`;

function renderResponses() {
  return renderConsole(<InviteDialog teamId={teamId} project={project} onClose={() => undefined} initialWay="responses" />);
}

describe('InviteDialog responses', () => {
  it('counts invited, opened and signed up, and lists each invitation with its state, the own addresses in full', async () => {
    answer('GET', listPath, {
      invitations: [
        { invitationId: id(1), email: 'anna@example.org', mine: true, invitedBy: 'Lea Muster', sentAt: '2026-03-01T09:00:00.000Z', openedAt: '2026-03-02T09:00:00.000Z', signedUpAt: '2026-03-02T09:05:00.000Z' },
        { invitationId: id(2), email: 'b•••@example.org', mine: false, invitedBy: 'Tom Beispiel', sentAt: '2026-03-01T09:00:00.000Z', openedAt: '2026-03-03T12:00:00.000Z', signedUpAt: null },
        { invitationId: id(3), email: null, mine: true, invitedBy: 'Lea Muster', sentAt: '2026-03-01T09:00:00.000Z', openedAt: null, signedUpAt: null },
      ],
      counts: { sent: 3, opened: 2, signedUp: 1 },
    });
    renderResponses();
    const list = await screen.findByRole('list', { name: 'Einladungen per E-Mail' });
    const counts = screen.getAllByRole('definition').map((dd) => dd.textContent);
    expect(counts).toEqual(['3', '2', '1']);
    expect(screen.getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Eingeladen', 'Geöffnet', 'Eingetragen']);
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('anna@example.org');
    expect(first).toHaveTextContent('Eingetragen');
    expect(first).toHaveTextContent('Von dir eingeladen am');
    expect(first).toHaveTextContent('eingetragen am');
    expect(second).toHaveTextContent('b•••@example.org');
    expect(second).toHaveTextContent('Geöffnet');
    expect(second).toHaveTextContent('Von Tom Beispiel eingeladen am');
    expect(third).toHaveTextContent('Adresse gelöscht');
    expect(third).toHaveTextContent('Noch nicht geöffnet');
    // No raw ids on screen.
    expect(document.body.textContent).not.toContain(id(1));
    expect(screen.getByText(/nur bei deinen eigenen Einladungen/)).toBeVisible();
  });

  it('explains the empty overview and leads to the mail tab', async () => {
    answer('GET', listPath, { invitations: [], counts: { sent: 0, opened: 0, signedUp: 0 } });
    const { user } = renderResponses();
    expect(await screen.findByText(/Noch niemand wurde per E-Mail eingeladen/)).toBeVisible();
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Per E-Mail' }));
    expect(screen.getByRole('tab', { name: 'Per E-Mail' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('E-Mail-Adressen')).toBeVisible();
  });

  it("shows the server's refusal", async () => {
    answerError('GET', listPath, { status: 403, intern: null, text: 'Zugriff verweigert: Du bist nicht berechtigt.' });
    renderResponses();
    expect(await screen.findByRole('alert')).toHaveTextContent('Zugriff verweigert');
  });
});
