import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderConsole } from '../../shared/testing/render';
import { CookieBanner } from './cookie-banner';

const STORAGE_KEY = 'planwerk.cookieConsent';

describe('CookieBanner', () => {
  it('asks for consent with a link to the privacy page while none is given', () => {
    renderConsole(<CookieBanner />);
    const banner = screen.getByRole('region', { name: 'Cookies' });
    expect(banner).toHaveTextContent('Planwerk verwendet funktionale Cookies, die für Anmeldung und Einstellungen nötig sind.');
    expect(screen.getByRole('link', { name: 'Mehr zum Datenschutz' })).toHaveAttribute('href', '/account/privacy');
    expect(screen.getByRole('button', { name: 'Nur notwendige' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Alle akzeptieren' })).toBeEnabled();
  });

  it('keeps "only necessary" on this device and goes away', async () => {
    const { user } = renderConsole(<CookieBanner />);
    await user.click(screen.getByRole('button', { name: 'Nur notwendige' }));
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY)).toBe('1');
  });

  it('keeps "accept all" on this device and goes away', async () => {
    const { user } = renderConsole(<CookieBanner />);
    await user.click(screen.getByRole('button', { name: 'Alle akzeptieren' }));
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY)).toBe('2');
  });

  it('is not shown once a choice is stored', () => {
    localStorage.setItem(STORAGE_KEY, '2');
    renderConsole(<CookieBanner />);
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
  });
});
