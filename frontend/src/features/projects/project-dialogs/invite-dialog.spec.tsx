import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderConsole } from '../../../shared/testing/render';
import { InviteDialog } from './invite-dialog';

describe('InviteDialog', () => {
  it('shows the public and the embed link of the project', () => {
    renderConsole(<InviteDialog project={{ link: 'sommerfest', shareHash: 'h4sh' }} onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Zum Projekt einladen' })).toBeVisible();
    const links = screen.getAllByRole('status').map((output) => output.textContent);
    expect(links).toEqual([`${window.location.origin}/sommerfest`, `${window.location.origin}/embed/project/h4sh/info`]);
  });

  it('copies a link to the clipboard', async () => {
    const { user } = renderConsole(<InviteDialog project={{ link: 'sommerfest', shareHash: 'h4sh' }} onClose={() => undefined} />);
    const [publicCopy] = screen.getAllByRole('button', { name: 'Link kopieren' });
    await user.click(publicCopy!);
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/sommerfest`);
  });

  it('closes by Escape', async () => {
    const onClose = jest.fn();
    const { user } = renderConsole(<InviteDialog project={{ link: 'sommerfest', shareHash: 'h4sh' }} onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
