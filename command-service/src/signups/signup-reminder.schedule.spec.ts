import { DEFAULT_LIST_SETTINGS, DEFAULT_PROJECT_SETTINGS, type ExistingProject, type SignupNotifySettings } from '@planwerk/events';
import { activeSignups, dayBefore, dueItems, itemStart, localDay, localHour, remindersFor, zonedInstant } from './signup-reminder.schedule';

const projectId = '00000000-0000-4000-8000-000000000001';
const listId = '00000000-0000-4000-8000-000000000002';
const itemId = '00000000-0000-4000-8000-000000000003';
const untimed = '00000000-0000-4000-8000-000000000004';
const s1 = '00000000-0000-4000-8000-0000000000f1';
const s2 = '00000000-0000-4000-8000-0000000000f2';
const s3 = '00000000-0000-4000-8000-0000000000f3';
const s4 = '00000000-0000-4000-8000-0000000000f4';
const s5 = '00000000-0000-4000-8000-0000000000f5';
const member = '00000000-0000-4000-8000-0000000000a1';

function project(overrides: Partial<ExistingProject> = {}): ExistingProject {
  const base = { copiedFrom: null, description: '', capacity: null, vote: null };
  return {
    exists: true, projectId, teamId: 't', link: 'grillfest', name: 'Grillfest', colour: 1, status: 3, previousStatus: null, locked: false,
    visibility: 'public', passwordHash: null, settings: DEFAULT_PROJECT_SETTINGS, shareHash: 'x', startDate: null, createdBy: member,
    createdAt: '2026-01-01T00:00:00.000Z', copiedFrom: null, phases: [],
    lists: [{ listId, phaseId: 'p', type: 1, name: 'Helfer', description: '', window: null, attendance: 'automatic', fields: [], settings: DEFAULT_LIST_SETTINGS, copiedFrom: null }],
    items: [
      { ...base, itemId, listId, name: 'Grill', date: '2026-12-24', time: { from: '18:30', to: '20:00' } },
      { ...base, itemId: untimed, listId, name: 'Salat', date: null, time: null },
    ],
    ...overrides,
  } as ExistingProject;
}

const settings = (reminder: SignupNotifySettings['reminders'][string]): SignupNotifySettings => ({ reminders: { [listId]: reminder }, organisers: {} });

// A fake clock: the sweeper hands `now` in; these tests move it.
const at = (iso: string) => new Date(iso);

describe('local time of reminders (Europe/Berlin)', () => {
  it('turns local wall time into instants in winter and summer time', () => {
    expect(zonedInstant('2026-12-24', '18:30').toISOString()).toBe('2026-12-24T17:30:00.000Z');
    expect(zonedInstant('2026-07-01', '09:00').toISOString()).toBe('2026-07-01T07:00:00.000Z');
    // The night summer time starts: 03:30 exists, two hours ahead of UTC.
    expect(zonedInstant('2026-03-29', '03:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('knows the local day and hour of an instant', () => {
    expect(localDay(at('2026-11-26T23:30:00Z'))).toBe('2026-11-27');
    expect(localHour(at('2026-11-26T06:00:00Z'))).toBe(7);
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
  });

  it('starts an item at its date and start time; without a date it has no start', () => {
    expect(itemStart({ date: '2026-12-24', time: null })?.toISOString()).toBe('2026-12-23T23:00:00.000Z');
    expect(itemStart({ date: null, time: null })).toBeNull();
  });
});

describe('due reminders', () => {
  const start = '2026-12-24T17:30:00.000Z';

  it('a day before: not earlier, from the reminder time until the start, never after it', () => {
    expect(dueItems(project(), settings('1d'), at('2026-12-23T17:29:00Z'))).toEqual([]);
    const due = dueItems(project(), settings('1d'), at('2026-12-23T17:30:00Z'));
    expect(due).toEqual([{ listId, itemId, reminder: '1d', startsAt: new Date(start), remindAt: new Date('2026-12-23T17:30:00Z') }]);
    expect(dueItems(project(), settings('1d'), at('2026-12-24T17:29:00Z'))).toHaveLength(1);
    expect(dueItems(project(), settings('1d'), at(start))).toEqual([]);
  });

  it('reminds nobody when the list is off, or the project is in the trash', () => {
    expect(dueItems(project(), settings('off'), at('2026-12-24T17:00:00Z'))).toEqual([]);
    expect(dueItems(project(), { reminders: {}, organisers: {} }, at('2026-12-24T17:00:00Z'))).toEqual([]);
    expect(dueItems(project({ status: 0 }), settings('1h'), at('2026-12-24T17:00:00Z'))).toEqual([]);
  });

  it('reminds the placed sign-ups made before the reminder time with an address: not the waitlist, the late, or a visitor without one', () => {
    const now = at('2026-12-23T18:00:00Z');
    const signups = activeSignups([
      { type: 'SignUpAdded', data: { projectId, listId, itemId, signupId: s1, userId: member, status: 'placed', at: '2026-12-01T10:00:00Z' } },
      { type: 'SignUpAdded', data: { projectId, listId, itemId, signupId: s2, userId: null, status: 'waitlisted', at: '2026-12-01T10:00:00Z' } },
      { type: 'SignUpAdded', data: { projectId, listId, itemId, signupId: s3, userId: null, status: 'placed', email: 'late@example.org', at: '2026-12-23T17:45:00Z' } },
      { type: 'SignUpAdded', data: { projectId, listId, itemId, signupId: s4, userId: null, status: 'placed', email: null, at: '2026-12-01T10:00:00Z' } },
      { type: 'SignUpAdded', data: { projectId, listId, itemId, signupId: s5, userId: null, status: 'placed', email: 'gast@example.org', at: '2026-12-01T10:00:00Z' } },
    ]);
    const [due] = dueItems(project(), settings('1d'), now);
    expect(remindersFor(project(), due!, signups, now).map((e) => e.data)).toEqual([
      { projectId, listId, itemId, signupId: s1, userId: member, startsAt: start, reminder: '1d', at: now.toISOString() },
      { projectId, listId, itemId, signupId: s5, userId: null, startsAt: start, reminder: '1d', at: now.toISOString() },
    ]);
  });

  it('follows moves, promotions, cancellations and clears in the sign-up stream', () => {
    const added = (signupId: string, status: string) => ({ type: 'SignUpAdded', data: { projectId, listId, itemId: untimed, signupId, userId: null, status, at: '2026-12-01T10:00:00Z' } });
    const signups = activeSignups([
      added(s1, 'placed'), added(s2, 'waitlisted'), added(s3, 'placed'),
      { type: 'SignUpChanged', data: { signupId: s1, toItemId: itemId } },
      { type: 'SignUpPromoted', data: { signupId: s2 } },
      { type: 'SignUpCancelled', data: { signupId: s3 } },
    ]);
    expect([...signups.values()].map((s) => [s.signupId, s.itemId, s.status])).toEqual([[s1, itemId, 'placed'], [s2, untimed, 'placed']]);
    expect(activeSignups([added(s1, 'placed'), { type: 'ItemSignUpsCleared', data: { signupIds: [s1] } }]).size).toBe(0);
  });
});
