import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import type { ProjectView } from '../../projects';
import { renderConsole } from '../../../shared/testing/render';
import { initialsOf, VisitorHeader } from './visitor-header';

const makeView = (change: Partial<ProjectView['project']> = {}, team: ProjectView['team'] = { name: 'Sportverein Ulm', logoUrl: null }): ProjectView => ({
  project: {
    projectId: '0b9a4c1e-1c1c-4aaa-8bbb-000000000001', teamId: '0b9a4c1e-1c1c-4aaa-8bbb-000000000005', link: 'sommerfest', name: 'Sommerfest',
    colour: 1, status: 1, locked: false, visibility: 'public', startDate: '2026-06-13', description: 'Auf dem Vereinsgelände', comments: false, ...change,
  },
  ...(team ? { team } : {}),
  viewer: { admin: false, member: false },
  phases: [],
  lists: [],
  version: 3,
});

describe('VisitorHeader', () => {
  it("shows the team's initials and name, the project's name, date and description", () => {
    renderConsole(<VisitorHeader view={makeView()} viewer={{ signedIn: false, admin: false }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sommerfest' })).toBeVisible();
    expect(screen.getByText('SU')).toBeVisible();
    expect(screen.getByText('Sportverein Ulm')).toBeVisible();
    expect(screen.getByText('Samstag, 13. Juni 2026')).toBeVisible();
    expect(screen.getByText('Auf dem Vereinsgelände')).toBeVisible();
    // Visitors get no way into the console.
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows where it takes place, and nothing when no place is named', () => {
    const { unmount } = renderConsole(<VisitorHeader view={makeView({ place: 'Sportplatz am Wald, Lindenweg 3, Ulm' })} viewer={{ signedIn: false, admin: false }} />);
    expect(screen.getByText('Sportplatz am Wald, Lindenweg 3, Ulm').closest('p')).toHaveTextContent('Ort: Sportplatz am Wald, Lindenweg 3, Ulm');
    unmount();
    renderConsole(<VisitorHeader view={makeView({ place: '' })} viewer={{ signedIn: false, admin: false }} />);
    expect(screen.queryByText(/Ort:/)).not.toBeInTheDocument();
  });

  it("shows the team's logo when it has one", () => {
    renderConsole(<VisitorHeader view={makeView({}, { name: 'Sportverein Ulm', logoUrl: 'https://example.org/logo.png' })} viewer={{ signedIn: false, admin: false }} />);
    expect(screen.getByRole('img', { name: 'Logo von Sportverein Ulm' })).toHaveAttribute('src', 'https://example.org/logo.png');
    expect(screen.queryByText('SU')).not.toBeInTheDocument();
  });

  it('gives a signed-in person a way back into the console', () => {
    renderConsole(<VisitorHeader view={makeView()} viewer={{ signedIn: true, admin: false }} />);
    expect(screen.getByRole('link', { name: 'Zur Konsole' })).toHaveAttribute('href', '/');
  });

  it('offers a signed-in person outside the team to join it, members and visitors not', () => {
    const { unmount } = renderConsole(<VisitorHeader view={makeView()} viewer={{ signedIn: true, admin: false }} />);
    expect(screen.getByRole('link', { name: 'Diesem Team beitreten' })).toHaveAttribute('href', '/team/0b9a4c1e-1c1c-4aaa-8bbb-000000000005/apply');
    unmount();
    const member = makeView();
    const { unmount: unmountMember } = renderConsole(<VisitorHeader view={{ ...member, viewer: { admin: false, member: true } }} viewer={{ signedIn: true, admin: false }} />);
    expect(screen.queryByRole('link', { name: 'Diesem Team beitreten' })).not.toBeInTheDocument();
    unmountMember();
    renderConsole(<VisitorHeader view={makeView()} viewer={{ signedIn: false, admin: false }} />);
    expect(screen.queryByRole('link', { name: 'Diesem Team beitreten' })).not.toBeInTheDocument();
  });

  it('says that a blocked project takes no sign-ups', () => {
    renderConsole(<VisitorHeader view={makeView({ blocked: true, startDate: null, description: '' })} viewer={{ signedIn: false, admin: false }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Eintragungen sind gerade nicht möglich.');
  });

  it('takes up to two initials', () => {
    expect(initialsOf('Sportverein Ulm 1846')).toBe('SU');
    expect(initialsOf('  chor ')).toBe('C');
    expect(initialsOf('Élan Ödland')).toBe('ÉÖ');
  });
});
