import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_PROJECT_SETTINGS, mailRequestSchema, projectStreamId, type EventStore, type ProjectEvent, type RecordedEvent, type StreamSlice } from '@planwerk/events';
import { deriveAuthKeys } from '@planwerk/platform';
import { testMetadata } from '../../../platform/src/store/testing';
import { mailRequestFor } from '../mail/mail-reactor';
import { renderMail } from '../mail/templates/mail-templates';
import { hashSignupToken } from './signup-access';
import { createSignupMailSources, whenOf } from './signup-mail-sources';
import { signupTokenFor } from './signup-use-cases';
import { AT, item, LIST, OWNER, PHASE, PROJECT, signup, TEAM } from './testing/signup-fixtures';
import { ICAL } from '../mail/testing/ical';

// The visitor's confirmation mail (issue 14): its request from the log, its link with the
// private part behind `#`, and its calendar entry read back with ical.js.

const keys = deriveAuthKeys(randomBytes(32));
const PUBLIC_URL = 'https://planwerk.example';

const projectEvents: ProjectEvent[] = [
  {
    type: 'ProjectCreated',
    data: {
      projectId: PROJECT, teamId: TEAM, link: 'sommerfest', name: 'Sommerfest', colour: 1, status: 3, visibility: 'public',
      settings: { ...DEFAULT_PROJECT_SETTINGS }, shareHash: 'abcdefghijklmnopqrstuv', startDate: null,
      createdBy: OWNER, createdAt: AT, copiedFrom: null,
    },
  },
  { type: 'PhaseAdded', data: { projectId: PROJECT, phaseId: PHASE, name: 'Phase', description: '', folderId: null, copiedFrom: null } },
  {
    type: 'ListAdded',
    data: {
      projectId: PROJECT, listId: LIST, phaseId: PHASE, type: 1, name: 'Helfer', description: '', window: { opensAt: null, closesAt: null, endsAt: null },
      attendance: 'automatic', fields: [], settings: { waitlist: true, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, copiedFrom: null,
    },
  },
  {
    type: 'ItemAdded',
    data: {
      projectId: PROJECT, listId: LIST, itemId: item(1), name: 'Grill, Würstchen; Salat', description: 'Bitte Zange mitbringen\nund Schürze', capacity: 2,
      vote: null, date: '2026-07-04', time: { from: '18:00', to: '20:30' }, copiedFrom: null,
    },
  },
  {
    type: 'ItemAdded',
    data: { projectId: PROJECT, listId: LIST, itemId: item(2), name: 'Nachtschicht', description: '', capacity: null, vote: null, date: '2026-07-04', time: { from: '22:00', to: '02:00' }, copiedFrom: null },
  },
  {
    type: 'ItemAdded',
    data: { projectId: PROJECT, listId: LIST, itemId: item(3), name: 'Kuchen', description: '', capacity: null, vote: null, date: '2026-07-05', time: null, copiedFrom: null },
  },
  {
    type: 'ItemAdded',
    data: { projectId: PROJECT, listId: LIST, itemId: item(4), name: 'Irgendwann', description: '', capacity: null, vote: null, date: null, time: null, copiedFrom: null },
  },
];

function recorded(type: string, data: unknown, streamId: string, streamVersion: number): RecordedEvent {
  return { eventId: randomUUID(), type, data, metadata: testMetadata({ personId: `anon-${signup(1)}` }), streamId, streamVersion, checkpoint: 'c', recordedAt: new Date(0) };
}

// The list's sign-ups a promotion mail looks the visitor's address up in.
const listEvents: RecordedEvent[] = [];
const store: Pick<EventStore, 'readStream'> = {
  async readStream(streamId): Promise<StreamSlice> {
    const events = streamId === projectStreamId(PROJECT) ? projectEvents.map((e, i) => recorded(e.type, e.data, streamId, i + 1)) : streamId === `signups-${LIST}` ? listEvents : [];
    return { streamId, version: events.length, events };
  },
};
const mapping = { sources: createSignupMailSources(keys), store };

function added(extra: Record<string, unknown> = {}, itemNo = 1): RecordedEvent {
  return recorded('SignUpAdded', {
    projectId: PROJECT, listId: LIST, itemId: item(itemNo), signupId: signup(1), userId: null, name: 'Eva', values: {}, vote: null,
    status: 'placed', by: 'anonymous', tokenHash: 'a'.repeat(64), email: 'eva@example.org', language: 'de', at: '2026-06-01T10:00:00.000Z', ...extra,
  }, `signups-${LIST}`, 1);
}

function vevent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return { calendar, event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!) };
}

describe('sign-up mail sources: the visitor\'s confirmation', () => {
  it('asks for the confirmation to the visitor\'s address, in their language, with the private link', async () => {
    const request = await mailRequestFor(added({ language: 'it' }), mapping);
    expect(request).toMatchObject({
      template: 'signup-confirmation', to: 'eva@example.org', toName: 'Eva', language: 'it', linkPath: '/sommerfest/signup',
      params: { projectName: 'Sommerfest', itemName: 'Grill, Würstchen; Salat', status: 'placed', calendar: 'yes' },
    });
    expect(request?.params.when).toBe('sabato 4 luglio 2026, 18:00–20:30');
    const [listId, signupId, token] = (request?.linkFragment ?? '').split('.');
    expect([listId, signupId]).toEqual([LIST, signup(1)]);
    // The token in the link is the one the visitor got: the server accepts it by its hash.
    expect(token).toBe(signupTokenFor(keys, signup(1)));
    expect(hashSignupToken(token!)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('renders the link with the private part behind # only, and the text in the language', async () => {
    const request = mailRequestSchema.parse(await mailRequestFor(added({ language: 'en' }), mapping));
    const mail = renderMail(request, PUBLIC_URL);
    expect(mail.subject).toBe('Your sign-up is confirmed');
    expect(mail.text).toContain(`Change or cancel sign-up: ${PUBLIC_URL}/sommerfest/signup#${LIST}.${signup(1)}.${signupTokenFor(keys, signup(1))}`);
    expect(mail.text).toContain('When: Saturday, July 4, 2026, 18:00–20:30');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments?.[0]).toMatchObject({ filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
    // The calendar links the public page, never the private link.
    expect(mail.attachments?.[0]?.content).not.toContain(signupTokenFor(keys, signup(1)));
  });

  it('attaches an .ics that ical.js reads: floating start and end, summary, description, stable UID, PUBLISH', async () => {
    const request = mailRequestSchema.parse(await mailRequestFor(added(), mapping));
    const ics = renderMail(request, PUBLIC_URL).attachments?.[0]?.content ?? '';
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
    const { calendar, event } = vevent(ics);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.uid).toBe(`signup-${signup(1)}@planwerk`);
    expect(event.summary).toBe('Grill, Würstchen; Salat – Sommerfest');
    expect(event.description).toBe('Helfer\n\nBitte Zange mitbringen\nund Schürze');
    expect(event.startDate.toString()).toBe('2026-07-04T18:00:00');
    expect(event.endDate.toString()).toBe('2026-07-04T20:30:00');
    expect(event.startDate.zone?.tzid).toBe('floating');
    expect(String(calendar.getFirstSubcomponent('vevent')?.getFirstPropertyValue('url'))).toBe(`${PUBLIC_URL}/sommerfest`);
    expect(calendar.getFirstSubcomponent('vevent')?.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-06-01T10:00:00Z');
    // A second mail for the same sign-up describes the same calendar entry.
    const again = renderMail(mailRequestSchema.parse(await mailRequestFor(added({ status: 'waitlisted' }), mapping)), PUBLIC_URL);
    expect(vevent(again.attachments?.[0]?.content ?? '').event.uid).toBe(event.uid);
  });

  it('ends a window past midnight on the next day, and makes a day without a time an all-day entry', async () => {
    const night = vevent(renderMail(mailRequestSchema.parse(await mailRequestFor(added({}, 2), mapping)), PUBLIC_URL).attachments?.[0]?.content ?? '').event;
    expect([night.startDate.toString(), night.endDate.toString()]).toEqual(['2026-07-04T22:00:00', '2026-07-05T02:00:00']);
    const day = vevent(renderMail(mailRequestSchema.parse(await mailRequestFor(added({}, 3), mapping)), PUBLIC_URL).attachments?.[0]?.content ?? '').event;
    expect(day.startDate.isDate).toBe(true);
    expect([day.startDate.toString(), day.endDate.toString()]).toEqual(['2026-07-05', '2026-07-06']);
  });

  it('sends no calendar entry for an item without a date', async () => {
    const request = mailRequestSchema.parse(await mailRequestFor(added({}, 4), mapping));
    expect(request.params).toMatchObject({ calendar: 'no', when: '' });
    expect(renderMail(request, PUBLIC_URL).attachments).toBeUndefined();
  });

  it('sends nothing without an address, after erasure, or for a member or an admin\'s entry', async () => {
    expect(await mailRequestFor(added({ email: undefined }), mapping)).toBeNull();
    expect(await mailRequestFor(added({ email: null }), mapping)).toBeNull();
    expect(await mailRequestFor(added({ by: 'admin', tokenHash: null }), mapping)).toBeNull();
  });

  it('tells a waitlisted visitor with an address that they moved up, in their language; without an address or once erased, nobody', async () => {
    const promoted = recorded('SignUpPromoted', { projectId: PROJECT, listId: LIST, itemId: item(1), signupId: signup(1), userId: null }, `signups-${LIST}`, 2);
    listEvents.splice(0, listEvents.length, added({ status: 'waitlisted', language: 'fr' }));
    expect(await mailRequestFor(promoted, mapping)).toMatchObject({
      template: 'signup-promoted', to: 'eva@example.org', toName: 'Eva', language: 'fr', linkPath: '/sommerfest',
      params: { projectName: 'Sommerfest', itemName: 'Grill, Würstchen; Salat' },
    });
    listEvents.splice(0, listEvents.length, added({ status: 'waitlisted', email: undefined }));
    expect(await mailRequestFor(promoted, mapping)).toBeNull();
    listEvents.splice(0, listEvents.length, added({ status: 'waitlisted', email: null, name: null }));
    expect(await mailRequestFor(promoted, mapping)).toBeNull();
  });

  it('formats the date in each mail language', () => {
    const when = { date: '2026-07-04', time: { from: '18:00', to: '20:30' } };
    expect(whenOf(when, 'de')).toBe('Samstag, 4. Juli 2026, 18:00–20:30');
    expect(whenOf(when, 'fr')).toBe('samedi 4 juillet 2026, 18:00–20:30');
    expect(whenOf({ date: null, time: null }, 'de')).toBe('');
  });
});
