import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { PLAN_LIMITS } from '../../../../events/src/teams/plans';
import { renderConsole } from '../../shared/testing/render';
import { PLAN_FACTS, PlanOverview } from './plan-overview';
import type { TeamDetails } from './teams.api';

const team: TeamDetails = {
  id: '0b9a4c1e-acac-4aaa-8bbb-000000000001', link: 'tsv', name: 'TSV Musterstadt', type: 'club', design: { logo_url: null },
  pro: false, plan: 'free', planLapsed: false, blocked: false, activeProjects: ['0b9a4c1e-acac-4aaa-8bbb-000000000002'],
  set: { contactUser: false, contactGroup: true, featureTag: [] }, team: 2, level: 'owner',
};

function card(name: string): HTMLElement {
  const heading = within(screen.getByRole('list', { name: 'Plan und Leistungen' })).getByRole('heading', { name: new RegExp(`^${name}`) });
  const item = heading.closest('li');
  if (!item) throw new Error(`no card for ${name}`);
  return item;
}

function fact(plan: string, label: string): string {
  const term = within(card(plan)).getByText(label);
  return term.nextElementSibling?.textContent?.trim() ?? '';
}

describe('PlanOverview', () => {
  it('shows the limits of the contract, not a copy that could drift', () => {
    for (const plan of ['free', 'prime', 'basic', 'pro'] as const) {
      const { paid: _paid, pro: _pro, ...limits } = PLAN_FACTS[plan];
      expect(limits).toEqual(PLAN_LIMITS[plan]);
    }
  });

  it('lists what every plan gives and marks the team plan', () => {
    renderConsole(<PlanOverview team={team} />);
    expect(screen.getByText(/Dein Team nutzt den Plan „Kostenlos“\. Aktive Projekte: 1 von 1/)).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Plan und Leistungen' })).getAllByRole('listitem')).toHaveLength(4);
    expect(card('Kostenlos')).toHaveAttribute('aria-current', 'true');
    expect(within(card('Kostenlos')).getByText('Euer Plan')).toBeVisible();
    expect(card('Pro')).not.toHaveAttribute('aria-current');
    expect(fact('Kostenlos', 'Aktive Projekte gleichzeitig')).toBe('bis 1');
    expect(fact('Prime', 'Aktive Projekte gleichzeitig')).toBe('Unbegrenzt');
    expect(fact('Basic', 'Einträge je Einzelliste')).toBe('bis 25');
    expect(fact('Basic', 'Spalten je Einzelliste')).toBe('bis 2');
    expect(fact('Pro', 'Einträge je Einzelliste')).toBe('Unbegrenzt');
    expect(fact('Kostenlos', 'Funktionen ab Prime')).toBe('Nicht enthalten');
    expect(fact('Prime', 'Funktionen ab Prime')).toBe('Enthalten');
    expect(fact('Basic', 'Pro-Funktionen')).toBe('Nicht enthalten');
    expect(fact('Pro', 'Pro-Funktionen')).toBe('Enthalten');
  });

  it('says in words that booking comes later and offers no purchase button', () => {
    renderConsole(<PlanOverview team={team} />);
    expect(screen.getByText(/^Buchung folgt: Pläne lassen sich hier buchen, sobald Zahlungen/)).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Einrichtung fortsetzen' })).toHaveAttribute('href', `/team-setup?team=${team.id}`);
  });

  it('treats a lapsed plan as free and says so', () => {
    renderConsole(<PlanOverview team={{ ...team, plan: 'prime', planLapsed: true, activeProjects: [] }} />);
    expect(screen.getByText(/Der Plan „Prime“ ist abgelaufen; bis er wieder bezahlt ist, gilt der kostenlose Plan\. Aktive Projekte: 0 von 1/)).toBeVisible();
    expect(card('Kostenlos')).toHaveAttribute('aria-current', 'true');
    expect(card('Prime')).not.toHaveAttribute('aria-current');
  });

  it('shows no usage line without a limit, and no setup link to plain members', () => {
    renderConsole(<PlanOverview team={{ ...team, plan: 'pro', pro: true, level: 'member', team: 1 }} />);
    expect(screen.getByText('Dein Team nutzt den Plan „Pro“.')).toBeVisible();
    expect(card('Pro')).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
