import { activityChanges, activitySentence } from '../activity/sentences/activity-sentence';
import {
  evolveSignupNotifySettings,
  initialSignupNotifySettings,
  ListReminderSet,
  OrganiserNotificationsChosen,
  signupReminderStreamId,
} from './signup-notification.events';

const projectId = '0d7f4b8e-3c1a-4e2b-9f5d-6a7b8c9d0e1f';
const listId = '1d7f4b8e-3c1a-4e2b-9f5d-6a7b8c9d0e1f';
const userId = '2d7f4b8e-3c1a-4e2b-9f5d-6a7b8c9d0e1f';
const at = '2026-11-26T10:00:00.000Z';

describe('reminder and organiser notification events', () => {
  it('fold into the latest reminder per list and choice per person', () => {
    const state = [
      { type: 'ListReminderSet' as const, data: { projectId, listId, reminder: '1d' as const, setBy: userId, at } },
      { type: 'OrganiserNotificationsChosen' as const, data: { projectId, userId, mode: 'each' as const, at } },
      { type: 'ListReminderSet' as const, data: { projectId, listId, reminder: '1w' as const, setBy: userId, at } },
    ].reduce(evolveSignupNotifySettings, initialSignupNotifySettings());
    expect(state).toEqual({ reminders: { [listId]: '1w' }, organisers: { [userId]: 'each' } });
  });

  it('keys a reminder by sign-up and start: another start is another stream', () => {
    expect(signupReminderStreamId(userId, '2026-12-24T17:30:00.000Z')).toBe(`signup-reminder-${userId}-${Date.parse('2026-12-24T17:30:00Z') / 60_000}`);
    expect(signupReminderStreamId(userId, '2026-12-24T17:30:00.000Z')).not.toBe(signupReminderStreamId(userId, '2026-12-25T17:30:00.000Z'));
  });

  it('read in the activity log as words in every language, the reminder and the choice by name', () => {
    const reminder = ListReminderSet.describe(ListReminderSet.schema.parse({ projectId, listId, reminder: '2d', setBy: userId, at }));
    const changes = Object.entries(reminder.fields).map(([field, after]) => ({ field, before: null, after }));
    expect(activityChanges({ changes }, 'de').map((c) => `${c.label}: ${c.after}`)).toEqual(['Erinnerung: 2 Tage vorher']);
    expect(activityChanges({ changes }, 'it').map((c) => `${c.label}: ${c.after}`)).toEqual(['Promemoria: 2 giorni prima']);
    const chosen = OrganiserNotificationsChosen.describe(OrganiserNotificationsChosen.schema.parse({ projectId, userId, mode: 'digest', at }));
    const entry = {
      eventType: 'OrganiserNotificationsChosen', action: chosen.action, actor: { kind: 'user' as const, name: 'Anna' },
      changes: [{ field: 'notifications', before: null, after: chosen.fields.notifications }],
      names: { object: 'Sommerfest', project: 'Sommerfest', list: null, item: null },
    };
    expect(activitySentence(entry, 'de')).toBe('Anna hat die eigenen Benachrichtigungen im Projekt „Sommerfest“ auf tägliche Zusammenfassung gesetzt');
    expect(activitySentence(entry, 'fr')).toBe('Anna a réglé ses propres notifications du projet « Sommerfest » sur résumé quotidien');
    const off = { ...entry, eventType: 'ListReminderSet', changes: [{ field: 'reminder', before: '1d', after: 'off' }], names: { ...entry.names, object: 'Helfer' } };
    expect(activitySentence(off, 'en')).toBe('Anna turned off the reminder of the list “Helfer”');
  });
});
