import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderConsole } from './testing/render';
import { EmptyState } from './empty-state';
import { FolderOpen } from './icons';
import { Skeleton } from './skeleton';

describe('Skeleton', () => {
  it.each([
    { shape: 'table' as const, selector: '.skeleton-table__row' },
    { shape: 'cards' as const, selector: '.skeleton-card' },
    { shape: 'list' as const, selector: '.skeleton--list-line' },
  ])('draws $shape placeholders, hidden from screen readers, and says once that it is loading', ({ shape, selector }) => {
    const { container } = renderConsole(<Skeleton shape={shape} rows={4} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent(/^Wird geladen …$/);
    expect(container.querySelectorAll(selector)).toHaveLength(4);
    expect(container.querySelector(selector)?.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});

describe('EmptyState', () => {
  it('shows a named region with a heading, the sentence and the next action', () => {
    renderConsole(
      <EmptyState icon={FolderOpen} title="Noch keine Projekte" text="Lege dein erstes Projekt an.">
        <a href="/create">Projekt anlegen</a>
      </EmptyState>,
    );
    const region = screen.getByRole('region', { name: 'Noch keine Projekte' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Noch keine Projekte' })).toBeVisible();
    expect(region).toHaveTextContent('Lege dein erstes Projekt an.');
    expect(within(region).getByRole('link', { name: 'Projekt anlegen' })).toHaveAttribute('href', '/create');
    expect(region.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('leaves out the action row when there is no next step', () => {
    renderConsole(<EmptyState icon={FolderOpen} title="Keine Einträge" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Keine Einträge' })).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(document.querySelector('.empty-state .actions')).toBeNull();
  });
});
