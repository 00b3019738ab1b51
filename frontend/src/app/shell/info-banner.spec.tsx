import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { versionApi } from '../../features/update/version.api';
import { answer } from '../../shared/testing/fetch-stub';
import { renderConsole, type Rendered } from '../../shared/testing/render';
import { InfoBanner } from './info-banner';

const version = { web: '2025.4.0', android: '2025.4.0', ios: '2025.4.0' };
type Banner = { design: string; title: string; text: string; link?: string; timer?: number };

// The banner comes with the version answer: wait for it before saying that none is shown.
async function versionLoaded({ store }: Rendered) {
  await waitFor(() => expect(versionApi.endpoints.getVersionInfo.select()(store.getState()).isSuccess).toBe(true));
}

function announce(...banners: Banner[]) {
  answer('GET', '/v5/update/version', { version, social: {}, conf: {}, action: banners.map((banner) => ({ type: 'banner', ...banner })) });
}

describe('InfoBanner', () => {
  it('shows nothing without a banner action', async () => {
    answer('GET', '/v5/update/version', { version, social: {}, conf: {}, action: [{ type: 'service', event: 'reload', data: {} }] });
    await versionLoaded(renderConsole(<InfoBanner />));
    expect(screen.queryByRole('region', { name: 'Hinweis' })).not.toBeInTheDocument();
  });

  it('shows the title, and the text with its link behind "mehr"', async () => {
    announce({ design: 'warning', title: 'Wartung am Sonntag', text: 'Von 2 bis 4 Uhr ist Planwerk nicht erreichbar.', link: 'https://status.example.org' });
    const { user } = renderConsole(<InfoBanner />);
    const banner = await screen.findByRole('region', { name: 'Hinweis' });
    expect(banner).toHaveTextContent('Wartung am Sonntag');
    expect(screen.queryByText('Von 2 bis 4 Uhr ist Planwerk nicht erreichbar.')).not.toBeVisible();
    const more = screen.getByRole('button', { name: 'mehr' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getByText('Von 2 bis 4 Uhr ist Planwerk nicht erreichbar.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Weiterlesen' })).toHaveAttribute('href', 'https://status.example.org');
    expect(screen.getByRole('button', { name: 'weniger' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('offers no link that is neither http(s) nor a path of the site', async () => {
    announce({ design: 'info', title: 'Neu', text: 'Mehr dazu', link: 'javascript:alert(1)' });
    const { user } = renderConsole(<InfoBanner />);
    await user.click(await screen.findByRole('button', { name: 'mehr' }));
    expect(screen.getByText('Mehr dazu')).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('stays hidden on this device once dismissed, until its text changes', async () => {
    announce({ design: 'info', title: 'Neue Funktion', text: 'Umfragen' });
    const { user, unmount } = renderConsole(<InfoBanner />);
    await user.click(await screen.findByRole('button', { name: 'Ausblenden' }));
    expect(screen.queryByRole('region', { name: 'Hinweis' })).not.toBeInTheDocument();
    unmount();

    await versionLoaded(renderConsole(<InfoBanner />));
    expect(screen.queryByRole('region', { name: 'Hinweis' })).not.toBeInTheDocument();

    announce({ design: 'info', title: 'Neue Funktion', text: 'Umfragen und Abstimmungen' });
    renderConsole(<InfoBanner />);
    expect(await screen.findByRole('region', { name: 'Hinweis' })).toHaveTextContent('Neue Funktion');
  });

  it('goes away by itself after its timer', async () => {
    announce({ design: 'success', title: 'Gespeichert', text: '', timer: 1 });
    renderConsole(<InfoBanner />);
    const banner = await screen.findByRole('region', { name: 'Hinweis' });
    expect(screen.queryByRole('button', { name: 'mehr' })).not.toBeInTheDocument();
    await waitFor(() => expect(banner).not.toBeInTheDocument(), { timeout: 2500 });
  });
});
