import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { answer } from '../../shared/testing/fetch-stub';
import { renderConsole } from '../../shared/testing/render';
import { VersionInfo } from './version-facts';

const versionInfo = (web: string) => ({ version: { web, android: '2025.4.1', ios: '2025.4.2' }, social: {}, conf: {}, action: [] });

describe('VersionInfo (for the help dialog)', () => {
  it('names this app\u2019s version and the platforms\u2019 as the server publishes them, and says the app is current', async () => {
    answer('GET', '/v5/update/version', versionInfo('2025.4.0'));
    renderConsole(<VersionInfo />);
    const box = screen.getByRole('region', { name: 'Versionen' });
    expect(within(box).getByTestId('client-version')).toHaveTextContent('2025.4.0');
    expect(await within(box).findByRole('status')).toHaveTextContent('Du nutzt die aktuelle Version.');
    expect(within(box).getByTestId('web-version')).toHaveTextContent('2025.4.0');
    expect(within(box).getByTestId('android-version')).toHaveTextContent('2025.4.1');
    expect(within(box).getByTestId('ios-version')).toHaveTextContent('2025.4.2');
  });

  it('says "unbekannt" before any answer and that a newer version exists when the server is ahead', async () => {
    answer('GET', '/v5/update/version', versionInfo('2099.1.0'));
    renderConsole(<VersionInfo />);
    expect(screen.getByTestId('web-version')).toHaveTextContent('unbekannt');
    expect(await screen.findByRole('status')).toHaveTextContent('Eine neuere Version ist verfügbar.');
  });
});
