import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { DialogForm } from './dialog-form';
import { TextField } from './form';
import { renderConsole } from './testing/render';
import type { ApiError } from '../app/api';

const save = { id: 'test.save', defaultMessage: 'Speichern' };

function Host({ onSubmit, onClose = () => undefined, error, disabled = false }: {
  onSubmit: (name: string) => void;
  onClose?: () => void;
  error?: ApiError;
  disabled?: boolean;
}) {
  const [name, setName] = useState('');
  return (
    <DialogForm title="Liste anlegen" onClose={onClose} error={error} submitLabel={save} submitDisabled={disabled} onSubmit={() => onSubmit(name)}>
      <TextField label="Name" value={name} onValueChange={setName} required />
    </DialogForm>
  );
}

describe('DialogForm', () => {
  it('is a dialog with its title, its fields and the submit button with its label', () => {
    renderConsole(<Host onSubmit={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Liste anlegen' });
    expect(within(dialog).getByLabelText('Name')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Speichern' })).toBeEnabled();
  });

  it('submits by the button and by Enter in a field', async () => {
    const onSubmit = jest.fn();
    const { user } = renderConsole(<Host onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), 'Helfer');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await user.type(screen.getByLabelText('Name'), '{Enter}');
    expect(onSubmit.mock.calls).toEqual([['Helfer'], ['Helfer']]);
  });

  it('cannot be submitted while its submit is disabled (a call in flight)', async () => {
    const onSubmit = jest.fn();
    const { user } = renderConsole(<Host onSubmit={onSubmit} disabled />);
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the error of its call with the spec text of the code', () => {
    renderConsole(<Host onSubmit={() => undefined} error={{ status: 409, intern: 'project_link_taken', text: 'taken', field: 'link' }} />);
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('Dieser Projekt-Link ist bereits vergeben.');
  });

  it('closes by Escape and by its close button', async () => {
    const onClose = jest.fn();
    const { user } = renderConsole(<Host onSubmit={() => undefined} onClose={onClose} />);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
