import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import en from '../../lang/en.json';
import { answer } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { HelpDialog } from './help-dialog';

describe('HelpDialog', () => {
  it('lists the keyboard shortcuts with what they do', () => {
    renderConsole(<HelpDialog open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Hilfe' });
    const shortcuts = within(dialog).getByRole('region', { name: 'Tastenkürzel' });
    const keys = within(shortcuts).getAllByRole('term').map((term) => term.textContent);
    // Key names as on German keyboards (issue 14: Strg, not Ctrl).
    expect(keys).toEqual(['Strg+Leertaste / Strg+F', 'Esc', 'Enter', 'Strg+1 … Strg+4', 'Strg+P / Strg+S', 'Umschalt + DE/EN/FR/IT']);
    expect(within(dialog).getByText('Suche öffnen')).toBeVisible();
    expect(within(dialog).getByText('Oberste Ebene schließen')).toBeVisible();
  });

  it('names the keys as English keyboards do in English', () => {
    renderConsole(<IntlProvider locale="en" defaultLocale="de" messages={en}><HelpDialog open onClose={() => undefined} /></IntlProvider>);
    const shortcuts = within(screen.getByRole('dialog', { name: 'Help' })).getByRole('region', { name: 'Keyboard shortcuts' });
    const keys = within(shortcuts).getAllByRole('term').map((term) => term.textContent);
    expect(keys).toEqual(['Ctrl+Space / Ctrl+F', 'Esc', 'Enter', 'Ctrl+1 … Ctrl+4', 'Ctrl+P / Ctrl+S', 'Shift + DE/EN/FR/IT']);
  });

  it('shows the versions of this app and of the platforms (moved here from the start page)', async () => {
    answer('GET', '/v5/update/version', { version: { web: '2025.4.0', android: '2025.4.1', ios: '2025.4.2' }, social: {}, conf: {}, action: [] });
    renderConsole(<HelpDialog open onClose={() => undefined} />);
    const versions = within(screen.getByRole('dialog', { name: 'Hilfe' })).getByRole('region', { name: 'Versionen' });
    expect(await within(versions).findByText('Du nutzt die aktuelle Version.')).toBeVisible();
    expect(within(versions).getByTestId('android-version')).toHaveTextContent('2025.4.1');
  });

  it('is not shown while closed', () => {
    renderConsole(<HelpDialog open={false} onClose={() => undefined} />);
    expect(screen.queryByRole('dialog', { name: 'Hilfe' })).not.toBeInTheDocument();
  });

  it('closes with its button and with Escape', async () => {
    const onClose = jest.fn();
    const { user } = renderConsole(<HelpDialog open onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('closes when the owner says so', () => {
    const { rerender } = renderConsole(<HelpDialog open onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Hilfe' })).toBeVisible();
    rerender(<HelpDialog open={false} onClose={() => undefined} />);
    expect(screen.queryByRole('dialog', { name: 'Hilfe' })).not.toBeInTheDocument();
  });
});
