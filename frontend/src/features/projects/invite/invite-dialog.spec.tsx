import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { answer, answerError, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import { InviteDialog } from './invite-dialog';

const teamId = '0b9a4c1e-acac-4aaa-8bbb-000000000001';
const project = { projectId: '0b9a4c1e-acac-4aaa-8bbb-000000000010', name: 'Sommerfest', link: 'sommerfest', shareHash: 'h4sh' };
const invitePath = `/v5/team/${teamId}/project/${project.projectId}/invite`;

function renderDialog(onClose: () => void = () => undefined) {
  return renderConsole(<InviteDialog teamId={teamId} project={project} onClose={onClose} />);
}

const chips = () => within(screen.getByRole('list', { name: 'Eingegebene Adressen' })).getAllByRole('listitem');

describe('InviteDialog', () => {
  it('opens on the mail tab among the ways to invite and the responses', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Zum Projekt einladen' })).toBeVisible();
    const tabs = within(screen.getByRole('tablist', { name: 'Wie einladen?' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent?.trim())).toEqual(['Per E-Mail', 'QR-Code', 'Link teilen', 'Rückmeldungen']);
    expect(screen.getByRole('tab', { name: 'Per E-Mail' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByLabelText('E-Mail-Adressen'));
  });

  it('turns pasted addresses into chips, marks the invalid one and sends nothing until it is removed', async () => {
    answer('POST', invitePath, { projectId: project.projectId, invitationIds: ['0b9a4c1e-acac-4aaa-8bbb-000000000021', '0b9a4c1e-acac-4aaa-8bbb-000000000022'], invited: 2, checkpoint: 'c1' }, 202);
    const { user } = renderDialog();
    const input = screen.getByLabelText('E-Mail-Adressen');
    await user.click(input);
    await user.paste('Anna@Example.org, ben@example.org\nkaputt@ anna@example.org');
    expect(chips().map((chip) => chip.textContent)).toEqual(['anna@example.org', 'ben@example.org', 'kaputt@ungültig']);
    expect(chips()[2]).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('1 Adresse ist ungültig. Bitte korrigieren oder entfernen.');
    expect(screen.getByText(/3 von 50 Adressen/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: '3 Einladungen senden' }));
    expect(fetchCalls('POST', invitePath)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'kaputt@ entfernen' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Persönliche Nachricht (optional)'), 'Wir brauchen Hilfe beim Aufbau!');
    await user.click(screen.getByRole('button', { name: '2 Einladungen senden' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Einladungen an 2 Adressen verschickt.');
    expect(fetchCalls('POST', invitePath)[0]?.body).toEqual({ emails: ['anna@example.org', 'ben@example.org'], message: 'Wir brauchen Hilfe beim Aufbau!' });
    expect(screen.queryByRole('list', { name: 'Eingegebene Adressen' })).not.toBeInTheDocument();
  });

  it('takes typed addresses at a comma, Enter or on sending, and removes the last with Backspace', async () => {
    answer('POST', invitePath, { projectId: project.projectId, invitationIds: ['0b9a4c1e-acac-4aaa-8bbb-000000000021'], invited: 1, checkpoint: 'c1' }, 202);
    const { user } = renderDialog();
    const input = screen.getByLabelText('E-Mail-Adressen');
    await user.type(input, 'a@x.de,b@x.de{Enter}c@x.de');
    expect(chips().map((chip) => chip.textContent)).toEqual(['a@x.de', 'b@x.de']);
    expect(input).toHaveValue('c@x.de');
    await user.clear(input);
    await user.keyboard('{Backspace}');
    expect(chips().map((chip) => chip.textContent)).toEqual(['a@x.de']);
    await user.type(input, 'd@x.de');
    await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
    await waitFor(() => expect(fetchCalls('POST', invitePath)).toHaveLength(1));
    expect(fetchCalls('POST', invitePath)[0]?.body).toEqual({ emails: ['a@x.de', 'd@x.de'], message: null });
  });

  it('asks for an address when sending an empty list and refuses more than 50', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte mindestens eine E-Mail-Adresse eingeben.');
    await user.click(screen.getByLabelText('E-Mail-Adressen'));
    await user.paste(Array.from({ length: 52 }, (_, index) => `p${index}@example.org`).join(' '));
    expect(screen.getByRole('alert')).toHaveTextContent('Höchstens 50 Adressen auf einmal – bitte 2 entfernen.');
    await user.click(screen.getByRole('button', { name: '52 Einladungen senden' }));
    expect(fetchCalls('POST', invitePath)).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    answerError('POST', invitePath, { status: 409, intern: 'project_in_trash', text: 'Das Projekt liegt im Papierkorb.' });
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('E-Mail-Adressen'), 'anna@example.org{Enter}');
    await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Das Projekt liegt im Papierkorb.');
    expect(chips().map((chip) => chip.textContent)).toEqual(['anna@example.org']);
  });

  it('draws the QR code of the project link, downloadable as PNG and SVG', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('tab', { name: 'QR-Code' }));
    const image = await screen.findByRole('img', { name: `QR-Code mit dem Link ${window.location.origin}/sommerfest` });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(image.getAttribute('src') ?? '')).toContain('<svg');
    expect(screen.getByRole('button', { name: 'Als PNG herunterladen' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Als SVG herunterladen' })).toBeVisible();
  });

  it('offers the share sheet where the browser has one, and copies the link', async () => {
    const share = jest.fn<(data: ShareData) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const { user } = renderDialog();
      await user.click(screen.getByRole('tab', { name: 'Link teilen' }));
      await user.click(screen.getByRole('button', { name: 'Teilen …' }));
      expect(share).toHaveBeenCalledWith({ title: 'Sommerfest', text: 'Trag dich ein bei „Sommerfest“', url: `${window.location.origin}/sommerfest` });
      const [publicCopy] = screen.getAllByRole('button', { name: 'Link kopieren' });
      await user.click(publicCopy!);
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/sommerfest`);
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('without a share sheet shows the links to copy only', async () => {
    const { user } = renderDialog();
    await user.keyboard('{ArrowRight}');
    await user.click(screen.getByRole('tab', { name: 'Link teilen' }));
    expect(screen.queryByRole('button', { name: 'Teilen …' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').map((output) => output.textContent)).toEqual([`${window.location.origin}/sommerfest`, `${window.location.origin}/embed/project/h4sh/info`]);
  });

  it('moves between the tabs with the arrow keys and closes by Escape', async () => {
    const onClose = jest.fn();
    const { user } = renderDialog(onClose);
    screen.getByRole('tab', { name: 'Per E-Mail' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'QR-Code' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'QR-Code' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Per E-Mail' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
