import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { answer } from '../../shared/testing/fetch-stub';
import { queryAnswered } from '../../shared/testing/query-state';
import { renderConsole } from '../../shared/testing/render';
import { VersionNotice } from './version-notice';

const versionInfo = (web: string) => ({ version: { web, android: '2025.4.0', ios: '2025.4.0' }, social: {}, conf: {}, action: [] });

describe('VersionNotice', () => {
  it('shows the client version and no notice while the server publishes the same', async () => {
    answer('GET', '/v5/update/version', versionInfo('2025.4.0'));
    const rendered = renderConsole(<VersionNotice />);
    expect(screen.getByText('Version 2025.4.0')).toBeVisible();
    await queryAnswered(rendered.store, 'getVersionInfo');
    expect(screen.queryByRole('button', { name: 'Update verfügbar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the update dialog when the server is newer, and keeps the notice after Später', async () => {
    answer('GET', '/v5/update/version', versionInfo('2025.5.0'));
    const { user } = renderConsole(<VersionNotice />);
    expect(await screen.findByRole('dialog', { name: 'Update verfügbar' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Später' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update verfügbar' }));
    expect(screen.getByRole('dialog', { name: 'Update verfügbar' })).toBeVisible();
  });

  it('stays quiet when the server is older', async () => {
    answer('GET', '/v5/update/version', versionInfo('2025.3.9'));
    await queryAnswered(renderConsole(<VersionNotice />).store, 'getVersionInfo');
    expect(screen.queryByRole('button', { name: 'Update verfügbar' })).not.toBeInTheDocument();
  });
});
