import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { signedIn } from '../../app/auth.slice';
import { createStore } from '../../app/store';
import { renderConsole } from '../../shared/testing/render';
import { AccountSettingsPage } from './account-settings-page';

const ada = {
  uid: '0b9a4c1e-acac-4aaa-8bbb-000000000001', name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail: 'ada@example.org',
  type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed',
};

function renderPage(user: typeof ada | null) {
  const store = createStore();
  if (user) store.dispatch(signedIn(user));
  return renderConsole(<AccountSettingsPage />, { store });
}

function fact(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('AccountSettingsPage', () => {
  it('shows name, e-mail address and the kind of login', () => {
    renderPage(ada);
    expect(screen.getByRole('heading', { name: 'Konto' })).toBeVisible();
    expect(fact('Name')).toBe('Ada Lovelace');
    expect(fact('E-Mail-Adresse')).toBe('ada@example.org');
    expect(fact('Anmeldung')).toBe('E-Mail und Passwort');
  });

  it('links to the password change, the second factor and the data export', () => {
    renderPage(ada);
    expect(screen.getByRole('link', { name: 'Passwort ändern' })).toHaveAttribute('href', '/account/reset');
    expect(screen.getByRole('link', { name: 'Zwei-Faktor-Anmeldung und Passkeys' })).toHaveAttribute('href', '/settings/account/secure');
    expect(screen.getByRole('link', { name: 'Meine Daten herunterladen' })).toHaveAttribute('href', '/account/data');
  });

  it('offers no password change to a social login and names it from first and last name without a full name', () => {
    renderPage({ ...ada, name: '', login_type: 'social' });
    expect(fact('Name')).toBe('Ada Lovelace');
    expect(fact('Anmeldung')).toBe('Social Login');
    expect(screen.queryByRole('link', { name: 'Passwort ändern' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zwei-Faktor-Anmeldung und Passkeys' })).toBeVisible();
  });

  it('shows nothing without a signed-in account', () => {
    const { container } = renderPage(null);
    expect(container).toBeEmptyDOMElement();
  });
});
