import fc from 'fast-check';
import {
  createEventCatalogue,
  DomainError,
  foldProject,
  itemsOf,
  listsOf,
  phasesIn,
  PROJECT_TEMPLATES,
  TEMPLATE_LOCALES,
  templateSummary,
  type ProjectTemplate,
} from '@planwerk/events';
import { decideApplyTemplate, type ApplyTemplate } from './apply-template.decider';

const catalogue = createEventCatalogue();
const ids = () => {
  let n = 0;
  const made = new Map<string, string>();
  return (key: string) => {
    const known = made.get(key);
    if (known) return known;
    n += 1;
    const id = `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
    made.set(key, id);
    return id;
  };
};
const pad = (n: number) => String(n).padStart(2, '0');
const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const clock = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h)}:${pad(m)}`);
const offset = fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 30, 45)).map(([s, h, m]) => `${s}${pad(h)}:${pad(m)}`);

function command(template: ProjectTemplate, over: Partial<ApplyTemplate['target']> = {}, rest: Partial<ApplyTemplate> = {}): ApplyTemplate {
  return {
    type: 'ApplyTemplate', template, activate: false, actor: { userId: '3ebd4f85-9c3b-4f8b-8a4d-5e6f708192a3', level: 'owner' },
    plan: { plan: 'free', lapsed: false },
    target: {
      projectId: '0b8a1c52-6f0e-4c5e-9d1a-2b3c4d5e6f70', teamId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', link: 'sommerfest', name: 'Sommerfest',
      shareHash: 'abcdefghijklmnopqrstuv', createdBy: '3ebd4f85-9c3b-4f8b-8a4d-5e6f708192a3', createdAt: '2026-03-01T09:00:00.000Z',
      startDate: '2026-06-20', startTime: template.defaultStartTime, locale: 'de', utcOffset: '+02:00', newId: ids(), ...over,
    },
    ...rest,
  };
}

describe('apply template decider', () => {
  it('ships the five templates of the gallery with names and descriptions in de, en, fr and it', () => {
    expect(PROJECT_TEMPLATES.map((t) => t.id)).toEqual(['helpers', 'potluck', 'tournament', 'parent-teacher', 'shifts']);
    for (const template of PROJECT_TEMPLATES) {
      for (const locale of TEMPLATE_LOCALES) {
        expect(template.name[locale].trim()).not.toBe('');
        expect(template.description[locale].trim()).not.toBe('');
        for (const list of template.phases.flatMap((p) => p.lists)) {
          expect(list.name[locale].trim()).not.toBe('');
          for (const item of list.items) expect(item.name[locale].trim()).not.toBe('');
        }
      }
      expect(templateSummary(template).items).toBeGreaterThan(0);
    }
  });

  it('builds a valid project from every template for any day, start time, offset and language (property)', () => {
    fc.assert(fc.property(fc.constantFrom(...PROJECT_TEMPLATES), day, clock, offset, fc.constantFrom(...TEMPLATE_LOCALES), fc.boolean(),
      (template, startDate, startTime, utcOffset, locale, activate) => {
        const events = decideApplyTemplate(command(template, { startDate, startTime, utcOffset, locale }, { activate }));
        // Every event passes its catalogue schema, as the store would check it.
        for (const event of events) expect(() => catalogue.get(event.type).schema.parse(event.data)).not.toThrow();
        const state = foldProject(events);
        if (!state.exists) throw new Error('no project');
        expect(state.status).toBe(activate ? 1 : 3);
        expect(state.startDate).toBe(startDate);
        const summary = templateSummary(template);
        expect(state.lists).toHaveLength(summary.lists);
        expect(state.items).toHaveLength(summary.items);
        expect(phasesIn(state, null)).toHaveLength(template.phases.length);
        // Names come in the chosen language; each list holds its items in the template's order.
        template.phases.forEach((phase, p) => {
          const lists = listsOf(state, phasesIn(state, null)[p]!.phaseId);
          expect(lists.map((l) => l.name)).toEqual(phase.lists.map((l) => l.name[locale]));
          phase.lists.forEach((list, l) => expect(itemsOf(state, lists[l]!.listId).map((i) => i.name)).toEqual(list.items.map((i) => i.name[locale])));
        });
        // Dates stay within a day of the chosen one; a deadline lies before the start.
        const start = Date.parse(`${startDate}T${startTime}:00${utcOffset}`);
        for (const item of state.items) {
          expect(Math.abs(Date.parse(`${item.date}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`))).toBeLessThanOrEqual(86_400_000);
        }
        for (const list of state.lists) if (list.window.closesAt !== null) expect(Date.parse(list.window.closesAt)).toBeLessThan(start);
        // Shared by link: every list takes visitors with a name (no account).
        for (const list of state.lists) expect(list.settings.allowAnonymous).toBe(true);
        // Ids are unique.
        const all = [...state.phases.map((p) => p.phaseId), ...state.lists.map((l) => l.listId), ...state.items.map((i) => i.itemId), ...state.lists.flatMap((l) => l.fields.map((f) => f.fieldId))];
        expect(new Set(all).size).toBe(all.length);
      }), { numRuns: 300 });
  });

  it('gives shift slots their clock times from the start time, rolling past midnight onto the next day', () => {
    const shifts = PROJECT_TEMPLATES.find((t) => t.id === 'shifts')!;
    const state = foldProject(decideApplyTemplate(command(shifts, { startDate: '2026-12-31', startTime: '20:00' })));
    if (!state.exists) throw new Error('no project');
    const entrance = state.items.slice(0, 4);
    expect(entrance.map((i) => [i.date, i.time])).toEqual([
      ['2026-12-31', { from: '20:00', to: '22:00' }],
      ['2026-12-31', { from: '22:00', to: '00:00' }],
      ['2027-01-01', { from: '00:00', to: '02:00' }],
      ['2027-01-01', { from: '02:00', to: '04:00' }],
    ]);
    expect(entrance.every((i) => i.capacity === 2)).toBe(true);
  });

  it('closes the potluck the day before at the start time, in the person\'s offset', () => {
    const potluck = PROJECT_TEMPLATES.find((t) => t.id === 'potluck')!;
    const state = foldProject(decideApplyTemplate(command(potluck, { startDate: '2026-03-01', startTime: '18:00', utcOffset: '+01:00', locale: 'fr' })));
    if (!state.exists) throw new Error('no project');
    expect(state.lists[0]).toMatchObject({ name: 'Qu’apportes-tu ?', window: { opensAt: null, closesAt: '2026-02-28T18:00:00+01:00', endsAt: null } });
  });

  it('lets only the owner release the project at once (no_permission otherwise)', () => {
    const helpers = PROJECT_TEMPLATES[0]!;
    for (const level of ['admin', 'space', 'member'] as const) {
      expect(() => decideApplyTemplate(command(helpers, {}, { activate: true, actor: { userId: 'x', level } }))).toThrow(DomainError);
      expect(decideApplyTemplate(command(helpers, {}, { activate: false, actor: { userId: 'x', level } })).at(-1)?.type).toBe('ItemAdded');
    }
  });

  it('fits every template into the free plan\'s solo limits (25 items, 2 columns per list)', () => {
    for (const template of PROJECT_TEMPLATES) expect(() => decideApplyTemplate(command(template))).not.toThrow();
  });
});
