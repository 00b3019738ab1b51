import { DEFAULT_LIST_SETTINGS, DEFAULT_PROJECT_SETTINGS, type MailSourceContext, type RecordedEvent } from '@planwerk/events';
import { createOrganiserNotificationMailSources } from './organiser-notifications-mail-sources';

// The mail sources read the log again when the job runs (ADR 0013). A store of a few streams.

const teamId = '00000000-0000-4000-8000-0000000000e1';
const projectId = '00000000-0000-4000-8000-000000000001';
const listId = '00000000-0000-4000-8000-000000000002';
const itemId = '00000000-0000-4000-8000-000000000003';
const otherItem = '00000000-0000-4000-8000-000000000004';
const signupId = '00000000-0000-4000-8000-0000000000f1';
const organiser = '00000000-0000-4000-8000-0000000000a1';
const member = '00000000-0000-4000-8000-0000000000a2';
const addedId = '00000000-0000-4000-8000-0000000000d1';
const at = '2026-11-26T10:00:00.000Z';
const startsAt = '2026-12-24T17:30:00.000Z';

let position = 0;
function recorded(streamId: string, streamVersion: number, type: string, data: unknown, extra: Partial<RecordedEvent> = {}): RecordedEvent {
  position += 1;
  return {
    eventId: extra.eventId ?? `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`, type, data, streamId, streamVersion,
    metadata: { commandId: 'c', correlationId: 'c', causationId: null, actor: { kind: 'system', id: 'test' }, teamId, schemaVersion: 1, ...extra.metadata },
    recordedAt: new Date(at), checkpoint: String(position), globalPosition: position,
  } as RecordedEvent;
}

function account(userId: string, email: string, firstName: string | null, lastName: string | null, language = 'de'): RecordedEvent {
  return recorded(`account-${userId}`, 1, 'AccountRegistered', {
    userId, emailKey: 'a'.repeat(64), email, firstName, lastName, parentEmail: null, passwordHash: 'x', language, adult: true,
    acceptedTerms: true, acceptedPrivacy: true, acceptedCookies: true, activationTokenHash: 'b'.repeat(64), activationExpiresAt: at, registeredAt: at,
  });
}

function projectStream(itemDate = '2026-12-24'): RecordedEvent[] {
  const s = `project-${projectId}`;
  return [
    recorded(s, 1, 'ProjectCreated', {
      projectId, teamId, link: 'laternenfest', name: 'Laternenfest', colour: 1, status: 1, visibility: 'public', settings: DEFAULT_PROJECT_SETTINGS,
      shareHash: 'x', startDate: null, createdBy: organiser, createdAt: at, copiedFrom: null,
    }),
    recorded(s, 2, 'ListAdded', {
      projectId, listId, phaseId: 'p', type: 1, name: 'Mitbringen', description: '', window: { opensAt: null, closesAt: null, endsAt: null },
      attendance: 'automatic', fields: [], settings: DEFAULT_LIST_SETTINGS, copiedFrom: null,
    }),
    recorded(s, 3, 'ItemAdded', { projectId, listId, itemId, name: 'Punsch', description: '', capacity: 3, vote: null, date: itemDate, time: { from: '18:30', to: '20:00' }, copiedFrom: null }),
    recorded(s, 4, 'ItemAdded', { projectId, listId, itemId: otherItem, name: 'Kekse', description: '', capacity: 3, vote: null, date: null, time: null, copiedFrom: null }),
  ];
}

function added(data: Record<string, unknown>, metadata: Partial<RecordedEvent['metadata']> = {}): RecordedEvent {
  return recorded(`signups-${listId}`, 1, 'SignUpAdded', {
    projectId, listId, itemId, signupId, userId: null, name: 'Paula Gast', values: {}, vote: null, status: 'placed', by: 'anonymous', tokenHash: null, at, ...data,
  }, { eventId: addedId, metadata: metadata as RecordedEvent['metadata'] });
}

function contextOf(streams: RecordedEvent[]): MailSourceContext {
  return {
    store: {
      async readStream(streamId, options = {}) {
        const events = streams.filter((e) => e.streamId === streamId && e.streamVersion >= (options.fromVersion ?? 1)).slice(0, options.maxCount ?? Infinity);
        return { streamId, version: streams.filter((e) => e.streamId === streamId).length, events };
      },
    },
  };
}

const base = () => [account(organiser, 'orga@example.org', 'Olga', 'Orga'), account(member, 'mia@example.org', 'Mia', 'Mitglied', 'fr'), recorded(`team-${teamId}`, 1, 'TeamCreated', { teamId, link: 'kita-sonne' }), ...projectStream()];
const sources = createOrganiserNotificationMailSources();
const notice = recorded('organiser-notice-x', 1, 'OrganiserSignupNoticeDue', { projectId, listId, itemId, signupId, userId: organiser, sourceEventId: addedId, sourceVersion: 1, at });
const reminder = (userId: string | null) => recorded('signup-reminder-x', 1, 'SignupReminderDue', { projectId, listId, itemId, signupId, userId, startsAt, reminder: '1d', at });

describe('organiser notice mail', () => {
  it('names project, list, item and the visitor, links the editor, in the organiser’s language', async () => {
    const mail = await sources.OrganiserSignupNoticeDue!(notice, contextOf([...base(), added({})]));
    expect(mail).toEqual({
      template: 'organiser-signup', to: 'orga@example.org', toName: 'Olga', language: 'de',
      params: { projectName: 'Laternenfest', listName: 'Mitbringen', itemName: 'Punsch', person: 'Paula Gast' },
      linkPath: `/manage/kita-sonne/project/${projectId}`,
    });
  });

  it('names a member by their account, and nobody once the person’s data is erased', async () => {
    const byMember = await sources.OrganiserSignupNoticeDue!(notice, contextOf([...base(), added({ userId: member, name: null, by: 'self' })]));
    expect(byMember?.params).toMatchObject({ person: 'Mia Mitglied' });
    const erased = await sources.OrganiserSignupNoticeDue!(notice, contextOf([...base(), added({ name: null }, { erased: true, erasedFields: ['name', 'values'] })]));
    expect(erased?.params).toMatchObject({ person: '' });
  });
});

describe('reminder mail', () => {
  it('goes to the member in their language with the start in words', async () => {
    const mail = await sources.SignupReminderDue!(reminder(member), contextOf([...base(), added({ userId: member, name: null, by: 'self' })]));
    expect(mail).toMatchObject({ template: 'signup-reminder', to: 'mia@example.org', toName: 'Mia', language: 'fr', linkPath: '/laternenfest' });
    expect(mail?.params).toMatchObject({ projectName: 'Laternenfest', itemName: 'Punsch' });
    expect(String(mail?.params?.when)).toContain('24 décembre 2026');
  });

  it('goes to a visitor at the address they left, and to nobody without one', async () => {
    expect(await sources.SignupReminderDue!(reminder(null), contextOf([...base(), added({ email: 'paula@example.org' })]))).toMatchObject({ to: 'paula@example.org', toName: 'Paula Gast', language: 'de' });
    const italian = await sources.SignupReminderDue!(reminder(null), contextOf([...base(), added({ email: 'paola@example.org', language: 'it' })]));
    expect(italian).toMatchObject({ to: 'paola@example.org', language: 'it' });
    expect(String(italian?.params?.when)).toContain('24 dicembre 2026');
    expect(await sources.SignupReminderDue!(reminder(null), contextOf([...base(), added({})]))).toBeNull();
  });

  it('sends nothing for a cancelled sign-up, one moved to another item, one back on the waitlist, or an item that moved', async () => {
    const s = `signups-${listId}`;
    const withEmail = added({ email: 'paula@example.org' });
    const cancelled = recorded(s, 2, 'SignUpCancelled', { projectId, listId, itemId, signupId, by: 'anonymous' });
    const moved = recorded(s, 2, 'SignUpChanged', { projectId, listId, itemId, signupId, toItemId: otherItem, by: 'anonymous' });
    const waitlisted = recorded(s, 2, 'SignUpChanged', { projectId, listId, itemId, signupId, status: 'waitlisted', by: 'admin' });
    for (const later of [cancelled, moved, waitlisted]) {
      expect(await sources.SignupReminderDue!(reminder(null), contextOf([...base(), withEmail, later]))).toBeNull();
    }
    const itemMoved = [account(organiser, 'orga@example.org', 'Olga', 'Orga'), ...projectStream('2026-12-26'), withEmail];
    expect(await sources.SignupReminderDue!(reminder(null), contextOf(itemMoved))).toBeNull();
  });
});
