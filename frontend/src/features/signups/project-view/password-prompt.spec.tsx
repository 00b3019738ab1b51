import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderConsole } from '../../../shared/testing/render';
import { PasswordPrompt } from './password-prompt';

describe('PasswordPrompt', () => {
  it('asks for the required project password and hands it on', async () => {
    const onPassword = jest.fn();
    const { user } = renderConsole(<PasswordPrompt onPassword={onPassword} error={null} />);
    expect(screen.getByRole('heading', { name: 'Dieses Projekt ist geschützt' })).toBeVisible();
    const password = screen.getByLabelText('Projekt-Passwort');
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(onPassword).not.toHaveBeenCalled();
    await user.type(password, 'geheim{Enter}');
    expect(onPassword).toHaveBeenCalledWith('geheim');
  });

  it('shows the error it is given above the form', () => {
    renderConsole(<PasswordPrompt onPassword={() => undefined} error={<p role="alert">Das Projekt-Passwort ist falsch.</p>} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Das Projekt-Passwort ist falsch.');
  });
});
