import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { CookieBanner } from '../../app/shell/cookie-banner';
import { renderConsole } from '../../shared/testing/render';
import { PrivacySettingsPage } from './privacy-settings-page';

describe('PrivacySettingsPage', () => {
  it('shows the consent chosen in the cookie banner', async () => {
    const { user } = renderConsole(<><CookieBanner /><PrivacySettingsPage /></>);
    expect(screen.getByRole('radio', { name: /Nur funktionale Cookies/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Funktionale und Statistik-Cookies' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Alle akzeptieren' }));
    expect(screen.getByRole('radio', { name: 'Funktionale und Statistik-Cookies' })).toBeChecked();
  });

  it('changes the consent the whole console uses, without bringing the banner back', async () => {
    localStorage.setItem('planwerk.cookieConsent', '2');
    const { user } = renderConsole(<><CookieBanner /><PrivacySettingsPage /></>);
    expect(screen.getByRole('radio', { name: 'Funktionale und Statistik-Cookies' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Nur funktionale Cookies (nötig für Anmeldung und Einstellungen)' }));
    expect(screen.getByRole('radio', { name: /Nur funktionale Cookies/ })).toBeChecked();
    expect(localStorage.getItem('planwerk.cookieConsent')).toBe('1');
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
  });

  it('says functional cookies are required and links to the data export and the privacy page', () => {
    renderConsole(<PrivacySettingsPage />);
    expect(screen.getByRole('group', { name: 'Cookies' })).toBeVisible();
    expect(screen.getByText('Funktionale Cookies sind immer nötig, um Planwerk zu nutzen.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Meine Daten herunterladen' })).toHaveAttribute('href', '/account/data');
    expect(screen.getByRole('link', { name: 'Was Planwerk speichert' })).toHaveAttribute('href', '/account/privacy');
  });
});
