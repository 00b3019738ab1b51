import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { renderConsole } from '../../shared/testing/render';
import { UpdateDialog } from './update-dialog';

// The dialog is controlled: its parent closes it when asked to.
function Dismissable() {
  const [open, setOpen] = useState(true);
  const [asked, setAsked] = useState(0);
  return (
    <>
      <UpdateDialog open={open} onClose={() => { setAsked((count) => count + 1); setOpen(false); }} />
      <p>Schließen erbeten: {asked}</p>
      <button type="button" onClick={() => setOpen(true)}>Wieder öffnen</button>
    </>
  );
}

describe('UpdateDialog', () => {
  it('stays closed until it is opened', () => {
    renderConsole(<UpdateDialog open={false} onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks to reload, offering Neu laden and Später', () => {
    renderConsole(<UpdateDialog open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Update verfügbar' });
    expect(dialog).toHaveAccessibleDescription('Eine neue Version von Planwerk ist verfügbar. Bitte lade die Seite neu.');
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Später' })).toBeEnabled();
  });

  it('is put off with Später and opens again when asked', async () => {
    const { user } = renderConsole(<Dismissable />);
    await user.click(screen.getByRole('button', { name: 'Später' }));
    expect(screen.queryByRole('dialog', { name: 'Update verfügbar' })).not.toBeInTheDocument();
    expect(screen.getByText('Schließen erbeten: 1')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Wieder öffnen' }));
    expect(screen.getByRole('dialog', { name: 'Update verfügbar' })).toBeVisible();
  });

  it('asks its parent to close on Escape instead of closing by itself', async () => {
    const { user } = renderConsole(<Dismissable />);
    await user.keyboard('{Escape}');
    expect(screen.getByText('Schließen erbeten: 1')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Update verfügbar' })).not.toBeInTheDocument();
  });

  it('cannot be dismissed without onClose: only Neu laden is offered and Escape keeps it open', async () => {
    const { user } = renderConsole(<UpdateDialog open />);
    expect(screen.queryByRole('button', { name: 'Später' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Update verfügbar' })).toBeVisible();
  });
});
