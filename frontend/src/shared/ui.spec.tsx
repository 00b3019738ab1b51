import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderConsole } from './testing/render';
import { ActionMenu, Modal, ProgressBar, useConfirm, type MenuEntry } from './ui';

describe('Modal', () => {
  it('shows its title as the name of an open dialog with its content', () => {
    renderConsole(<Modal title="Liste bearbeiten" onClose={() => undefined}><p>Inhalt</p></Modal>);
    const dialog = screen.getByRole('dialog', { name: 'Liste bearbeiten' });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByText('Inhalt')).toBeVisible();
  });

  it('closes by its close button', async () => {
    const onClose = jest.fn();
    const { user } = renderConsole(<Modal title="Titel" onClose={onClose}>x</Modal>);
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes by Escape, and stays open until its owner unmounts it', async () => {
    const onClose = jest.fn();
    const { user } = renderConsole(<Modal title="Titel" onClose={onClose}>x</Modal>);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Titel' })).toHaveAttribute('open');
  });
});

function ConfirmHost({ danger, onResult }: { danger?: boolean; onResult: (ok: boolean) => void }) {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      <button type="button" onClick={() => void confirm('Wirklich löschen?', { confirmLabel: 'Löschen', danger }).then(onResult)}>Start</button>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('asks the question and resolves true on the confirm button', async () => {
    const onResult = jest.fn();
    const { user } = renderConsole(<ConfirmHost onResult={onResult} />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const dialog = screen.getByRole('dialog', { name: 'Löschen' });
    expect(within(dialog).getByText('Wirklich löschen?')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Löschen' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(onResult).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves false on Abbrechen and on Escape', async () => {
    const onResult = jest.fn();
    const { user } = renderConsole(<ConfirmHost onResult={onResult} />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.keyboard('{Escape}');
    expect(onResult.mock.calls).toEqual([[false], [false]]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

function entries(selected: string[]): MenuEntry[] {
  const entry = (key: string, label: string, extra: Partial<MenuEntry> = {}): MenuEntry => ({ key, label, onSelect: () => selected.push(key), ...extra });
  return [
    entry('edit', 'Bearbeiten'),
    entry('copy', 'Kopieren', { primary: true }),
    entry('hidden', 'Versteckt', { hidden: true }),
    entry('backup', 'Sicherung', { altOnly: true }),
    entry('delete', 'Löschen', { danger: true }),
  ];
}

describe('ActionMenu', () => {
  it('opens its visible entries, moves with the arrow keys and runs the chosen one', async () => {
    const selected: string[] = [];
    const { user } = renderConsole(<ActionMenu label="Aktionen" entries={entries(selected)} />);
    const button = screen.getByRole('button', { name: 'Aktionen' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Aktionen' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Bearbeiten', 'Kopieren', 'Löschen']);
    expect(within(menu).getByRole('menuitem', { name: 'Bearbeiten' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Kopieren' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Löschen' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(selected).toEqual(['delete']);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes by Escape and gives the focus back to its button', async () => {
    const { user } = renderConsole(<ActionMenu label="Aktionen" entries={entries([])} />);
    await user.click(screen.getByRole('button', { name: 'Aktionen' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aktionen' })).toHaveFocus();
  });

  it('runs the primary entry on Ctrl-click without opening', async () => {
    const selected: string[] = [];
    const { user } = renderConsole(<ActionMenu label="Aktionen" entries={entries(selected)} />);
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('button', { name: 'Aktionen' }));
    await user.keyboard('{/Control}');
    expect(selected).toEqual(['copy']);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows the Alt-only entries when opened with Alt held', async () => {
    const { user } = renderConsole(<ActionMenu label="Aktionen" entries={entries([])} />);
    await user.keyboard('{Alt>}');
    await user.click(screen.getByRole('button', { name: 'Aktionen' }));
    await user.keyboard('{/Alt}');
    expect(screen.getByRole('menuitem', { name: 'Sicherung' })).toBeVisible();
  });

  it('closes on a click outside', async () => {
    const { user } = renderConsole(<><ActionMenu label="Aktionen" entries={entries([])} /><p>Draußen</p></>);
    await user.click(screen.getByRole('button', { name: 'Aktionen' }));
    await user.click(screen.getByText('Draußen'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('ProgressBar', () => {
  it('shows a labelled progress with its value, or an open one without a maximum', () => {
    function Both() {
      const [value] = useState(3);
      return <><ProgressBar label="Export" value={value} max={10} /><ProgressBar label="Import" value={0} max={null} /></>;
    }
    renderConsole(<Both />);
    expect(screen.getByRole('progressbar', { name: 'Export' })).toHaveAttribute('value', '3');
    expect(screen.getByRole('progressbar', { name: 'Import' })).not.toHaveAttribute('value');
  });
});
