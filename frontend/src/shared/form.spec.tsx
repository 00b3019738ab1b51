import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { ApiErrorAlert, Checkbox, TextField } from './form';
import { renderConsole } from './testing/render';

function NameField({ problem, hint }: { problem?: string | null; hint?: string }) {
  const [value, setValue] = useState('');
  return <TextField label="Name" value={value} onValueChange={setValue} maxLength={5} required hint={hint} problem={problem} />;
}

describe('TextField', () => {
  it('is found by its label, takes typing and keeps its length limit and required flag', async () => {
    const { user } = renderConsole(<NameField />);
    const input = screen.getByLabelText('Name');
    expect(input).toBeRequired();
    await user.type(input, 'Planwerk');
    expect(input).toHaveValue('Planw');
    expect(input).toBeValid();
  });

  it('shows its hint and its problem as the description of the input, the problem marking it invalid', () => {
    renderConsole(<NameField hint="Höchstens 5 Zeichen" problem="Der Name ist zu lang." />);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAccessibleDescription('Höchstens 5 Zeichen Der Name ist zu lang.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('is not marked invalid without a problem', () => {
    renderConsole(<NameField hint="Hinweis" />);
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Hinweis');
  });
});

describe('Checkbox', () => {
  it('toggles by its label', async () => {
    const onChange = jest.fn();
    const { user } = renderConsole(<Checkbox label="Öffentlich" checked={false} onChange={onChange} />);
    await user.click(screen.getByText('Öffentlich'));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('checkbox', { name: 'Öffentlich' })).not.toBeChecked();
  });
});

describe('ApiErrorAlert', () => {
  it('shows nothing without an error', () => {
    renderConsole(<ApiErrorAlert error={undefined} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the text of a known code in German, with its title where it has one', () => {
    renderConsole(<ApiErrorAlert error={{ status: 403, intern: 6020, text: 'account locked' }} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Konto gesperrt');
    expect(alert).toHaveTextContent('Dein Konto ist gesperrt. Bitte wende dich an den Support.');
  });

  it('shows the server text of an unknown 4xx, and the generic text for 500 and network errors', () => {
    const { rerender } = renderConsole(<ApiErrorAlert error={{ status: 400, intern: 'x', text: 'Das Feld ist zu lang.' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Das Feld ist zu lang.');
    rerender(<ApiErrorAlert error={{ status: 500, intern: null, text: 'boom' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Es ist ein Fehler aufgetreten. Bitte versuche es erneut.');
    rerender(<ApiErrorAlert error={{ message: 'Failed to fetch' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Es ist ein Fehler aufgetreten. Bitte versuche es erneut.');
  });

  it('says access denied for a 401 without code, and the base error for a 4xx without text', () => {
    const { rerender } = renderConsole(<ApiErrorAlert error={{ status: 401, intern: null, text: '' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Zugriff verweigert: Du bist nicht berechtigt.');
    rerender(<ApiErrorAlert error={{ status: 409, intern: null, text: '' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Die Anfrage konnte nicht ausgeführt werden.');
  });

  it('fills the login delay with the minutes to wait', () => {
    renderConsole(<ApiErrorAlert error={{ status: 429, intern: 'login_throttled', text: '', retryAfterSeconds: 150 }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Zu viele Anmeldeversuche. Bitte versuche es in 3 Minuten erneut');
  });
});
