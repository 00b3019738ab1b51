import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import fr from '../../lang/fr.json';
import { useGetVersionInfoQuery } from '../../features/update/version.api';
import { answer, answerError, fetchCalls } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { createStore } from '../store';
import { MaintenanceScreen } from './maintenance-screen';

const MAINTENANCE = { status: 503, intern: 6950, text: 'Planwerk wird gerade gewartet.', retryAfterSeconds: 15 };
const VERSION = { version: { web: '2025.4.0', android: '2025.4.0', ios: '2025.4.0' }, social: {}, conf: {}, action: [] };

function Page() {
  const { data } = useGetVersionInfoQuery();
  return <p>{data ? `Version ${data.version.web}` : 'Lädt'}</p>;
}

describe('MaintenanceScreen', () => {
  it('stays hidden while the API answers', () => {
    renderConsole(<MaintenanceScreen />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('covers the console on a 6950 of any call, keeps checking, and steps aside once the API answers again', async () => {
    answerError('GET', '/v5/update/version', MAINTENANCE);
    const store = createStore();
    const { user } = renderConsole(<><Page /><MaintenanceScreen /></>, { store });
    const dialog = await screen.findByRole('alertdialog', { name: 'Wartungsarbeiten' });
    expect(dialog).toHaveAccessibleDescription('Planwerk wird gerade gewartet. Bitte versuche es in ein paar Minuten erneut.');
    expect(screen.getByText(/geht es hier von selbst weiter/)).toBeVisible();

    // Still under maintenance: the screen stays.
    await user.click(screen.getByRole('button', { name: 'Jetzt erneut versuchen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Jetzt erneut versuchen' })).toBeEnabled());
    expect(screen.getByRole('alertdialog')).toBeVisible();

    // Over: the screen goes and the page loads what it shows again.
    answer('GET', '/v5/update/version', VERSION);
    await user.click(screen.getByRole('button', { name: 'Jetzt erneut versuchen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(store.getState().ui.maintenance).toBe(false);
    expect(await screen.findByText('Version 2025.4.0')).toBeVisible();
    expect(fetchCalls('GET', '/v5/update/version').length).toBeGreaterThanOrEqual(3);
  });

  it('asks by itself after the recheck interval', async () => {
    answerError('GET', '/v5/update/version', MAINTENANCE);
    renderConsole(<><Page /><MaintenanceScreen recheckMs={50} /></>);
    await screen.findByRole('alertdialog');
    answer('GET', '/v5/update/version', VERSION);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument(), { timeout: 2_000 });
  });

  it('speaks the console language', async () => {
    answerError('GET', '/v5/update/version', MAINTENANCE);
    renderConsole(<IntlProvider locale="fr" defaultLocale="de" messages={fr}><Page /><MaintenanceScreen /></IntlProvider>);
    expect(await screen.findByRole('alertdialog', { name: 'Maintenance en cours' })).toBeVisible();
  });
});
