import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { ProjectErrorAlert } from './project-errors';
import { renderConsole } from './testing/render';

describe('ProjectErrorAlert', () => {
  it('shows nothing without an error', () => {
    renderConsole(<ProjectErrorAlert error={undefined} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the project and sign-up codes with the spec texts', () => {
    const { rerender } = renderConsole(<ProjectErrorAlert error={{ status: 409, intern: 2003, text: '' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Dieser Eintrag ist bereits vergeben. Bitte lade die Seite neu.');
    rerender(<ProjectErrorAlert error={{ status: 409, intern: 'list_full', text: '' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Die Liste ist voll.');
    rerender(<ProjectErrorAlert error={{ status: 403, intern: 6230, text: '' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Du hast eine Grenze deines Plans erreicht.');
  });

  it('falls back to the general error texts for other codes', () => {
    renderConsole(<ProjectErrorAlert error={{ status: 400, intern: 'other', text: 'Der Text des Servers.' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Der Text des Servers.');
  });

  it('offers "Status ändern" on 6201 and the upgrade buttons on 6205 and 6206 when given their targets', () => {
    const { rerender } = renderConsole(<ProjectErrorAlert error={{ status: 403, intern: 6201, text: '' }} changeStatusHref="/manage" upgradeHref="/upgrade" />);
    expect(screen.getByRole('link', { name: 'Status ändern' })).toHaveAttribute('href', '/manage');
    rerender(<ProjectErrorAlert error={{ status: 403, intern: 6205, text: '' }} changeStatusHref="/manage" upgradeHref="/upgrade" />);
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/upgrade');
    rerender(<ProjectErrorAlert error={{ status: 403, intern: 6206, text: '' }} changeStatusHref="/manage" upgradeHref="/upgrade" />);
    expect(screen.getByRole('link', { name: 'Upgrade Pro' })).toHaveAttribute('href', '/upgrade');
    rerender(<ProjectErrorAlert error={{ status: 403, intern: 6205, text: '' }} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
