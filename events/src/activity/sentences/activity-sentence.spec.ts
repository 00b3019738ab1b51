import { createEventCatalogue } from '../../catalogue/all-events';
import { activityChanges, activityLanguageOf, activitySentence } from './activity-sentence';
import { ACTIVITY_LANGUAGES, type SentenceEntry } from './sentence-types';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
// An action key (`signups.added`) or a field path: word, dot, word with no space after the dot.
const DOTTED_KEY = /[A-Za-z]\.[A-Za-z]/;
const ID = '0d7f4b8e-3c1a-4e2b-9f5d-6a7b8c9d0e1f';

// Values of the kinds the log holds: ids, enums, numbers, dates, objects, arrays.
const CHANGES: SentenceEntry['changes'] = [
  { field: 'itemId', before: null, after: ID },
  { field: 'status', before: 3, after: 1 },
  { field: 'colour', before: 2, after: 7 },
  { field: 'capacity', before: 3, after: null },
  { field: 'locked', before: false, after: true },
  { field: 'startDate', before: null, after: '2026-05-01' },
  { field: 'window', before: null, after: { opensAt: '2026-05-01T08:00:00Z', closesAt: null, endsAt: null } },
  { field: 'settings', before: null, after: { waitlist: true, maxPerPerson: 2, allowAnonymous: false, showNames: 'team' } },
  { field: 'fields', before: null, after: [{ fieldId: ID, kind: 'text', label: 'Kuchen', required: true }] },
  { field: 'vote', before: null, after: { kind: 'yes_no', options: null } },
  { field: 'time', before: null, after: { from: '10:00', to: '12:00' } },
  { field: 'access', before: null, after: { manage_prj: [ID] } },
  { field: 'phaseOrder', before: null, after: [ID, ID] },
  { field: 'copiedFrom', before: null, after: ID },
  { field: 'days', before: null, after: 90 },
  { field: 'level', before: 'member', after: 'admin' },
  { field: 'scope', before: null, after: 'list' },
  { field: 'template', before: null, after: 'activation' },
  { field: 'erased', before: null, after: 2 },
  { field: 'plan', before: 'free', after: 'pro' },
  { field: 'visibility', before: 'team', after: 'public' },
  { field: 'link', before: null, after: 'sommerfest' },
];

function entries(eventType: string): SentenceEntry[] {
  const named = { object: 'Helfer', project: 'Sommerfest', list: 'Helfer', item: 'Grill' };
  const unnamed = { object: null, project: null, list: null, item: null };
  return [
    { eventType, action: 'x.y', actor: { kind: 'user', name: 'Anna' }, changes: CHANGES, names: named },
    { eventType, action: 'x.y', actor: { kind: 'anonymous', name: null }, changes: [], names: unnamed },
    { eventType, action: 'x.y', actor: { kind: 'system', name: null }, changes: CHANGES.map((c) => ({ ...c, before: c.after, after: c.before })), names: named },
  ];
}

function expectReadable(text: string, eventType: string): void {
  expect(text).not.toMatch(UUID);
  expect(text).not.toMatch(DOTTED_KEY);
  expect(text).not.toMatch(/[{}[\]]/);
  expect(text).not.toContain(eventType);
  expect(text.trim()).not.toBe('');
}

describe('activity sentences', () => {
  const types = createEventCatalogue().types();

  it.each(ACTIVITY_LANGUAGES)('every event type of the catalogue has its own sentence in %s, without keys, ids or JSON', (lang) => {
    const unknown = activitySentence(entries('NoSuchEvent')[0], lang);
    for (const type of types) {
      for (const entry of entries(type)) {
        const sentence = activitySentence(entry, lang);
        expectReadable(sentence, type);
        expect(sentence).not.toBe(unknown);
      }
    }
  });

  it.each(ACTIVITY_LANGUAGES)('changed fields read with labels and values in %s, ids left out', (lang) => {
    const views = activityChanges({ changes: CHANGES }, lang);
    expect(views.map((v) => v.field)).not.toContain('itemId');
    expect(views.map((v) => v.field)).not.toContain('phaseOrder');
    for (const view of views) {
      expectReadable(`${view.label}: ${view.before ?? ''} ${view.after}`, 'ProjectEdited');
      expect(view.label).not.toBe(view.field);
    }
  });

  it('says who did what to which object, in German by default', () => {
    const names = { object: null, project: 'Sommerfest', list: 'Helfer', item: 'Grill' };
    const signup: SentenceEntry = {
      eventType: 'SignUpAdded', action: 'signups.added', actor: { kind: 'user', name: 'Anna' },
      changes: [{ field: 'itemId', before: null, after: ID }, { field: 'status', before: null, after: 'placed' }], names,
    };
    expect(activitySentence(signup, 'de')).toBe('Anna hat sich für „Grill“ eingetragen');
    expect(activitySentence(signup, 'en')).toBe('Anna signed up for “Grill”');
    const status: SentenceEntry = {
      eventType: 'ProjectStatusChanged', action: 'projects.statusChanged', actor: { kind: 'user', name: 'Lena' },
      changes: [{ field: 'status', before: 3, after: 1 }], names: { ...names, object: 'Sommerfest' },
    };
    expect(activitySentence(status, 'de')).toBe('Lena hat den Status des Projekts „Sommerfest“ von Planung auf Aktiv geändert');
    expect(activitySentence(status, 'fr')).toBe('Lena a changé le statut du projet « Sommerfest » de Planification à Actif');
    const list: SentenceEntry = { eventType: 'ListAdded', action: 'projects.listAdded', actor: { kind: 'user', name: 'Max' }, changes: [], names: { ...names, object: 'Helfer' } };
    expect(activitySentence(list, 'de')).toBe('Max hat die Liste „Helfer“ angelegt');
    expect(activitySentence(list, 'it')).toBe('Max ha creato la lista «Helfer»');
  });

  it('formats values for the language: colours and booleans by name, capacities as numbers, dates with Intl', () => {
    const changes = [
      { field: 'colour', before: 1, after: 4 }, { field: 'capacity', before: 1500, after: null },
      { field: 'comments', before: true, after: false }, { field: 'startDate', before: null, after: '2026-05-01' },
    ];
    expect(activityChanges({ changes }, 'de').map((v) => `${v.label}: ${v.before ?? ''} → ${v.after}`)).toEqual([
      'Farbe: Grün → Rot', 'Plätze: 1.500 → unbegrenzt', 'Kommentare: ja → nein', 'Startdatum:  → 01.05.2026',
    ]);
    expect(activityChanges({ changes }, 'en').map((v) => v.after)).toEqual(['Red', 'unlimited', 'no', 'May 1, 2026']);
  });

  it('leaves empty first values and "changed" markers out of a new object, and says an edit\'s markers as "geändert"', () => {
    const created = [
      { field: 'name', before: null, after: 'Helfer' }, { field: 'window', before: null, after: { opensAt: null, closesAt: null, endsAt: null } },
      { field: 'fields', before: null, after: [] }, { field: 'descriptionChanged', before: null, after: true },
    ];
    expect(activityChanges({ changes: created, eventType: 'ListAdded' }, 'de').map((v) => `${v.label}: ${v.after}`)).toEqual(['Name: „Helfer“']);
    expect(activityChanges({ changes: [{ field: 'descriptionChanged', before: null, after: true }], eventType: 'ListEdited' }, 'de')
      .map((v) => `${v.label}: ${v.after}`)).toEqual(['Beschreibung: geändert']);
    const window = { opensAt: null, closesAt: '2026-05-01T08:00:00Z', endsAt: null };
    expect(activityChanges({ changes: [{ field: 'window', before: null, after: window }] }, 'en', { timeZone: 'UTC' })[0]?.after).toBe('Closes: May 1, 2026, 8:00 AM');
  });

  it('tells contacts and contact groups: the changed fields by label, the contact activity code, members added and removed', () => {
    const actor = { kind: 'user' as const, name: 'Anna' };
    const names = { object: 'Max Müller', project: null, list: null, item: null };
    const edited: SentenceEntry = {
      eventType: 'ContactEdited', action: 'contacts.edited', actor, names,
      changes: [{ field: 'changedFields', before: ['note'], after: ['email', 'phone'] }, { field: 'contactType', before: 'contact', after: 'member' }],
    };
    expect(activitySentence(edited, 'de')).toBe('Anna hat den Kontakt „Max Müller“ geändert');
    expect(activityChanges(edited, 'de').map((v) => `${v.label}: ${v.before ?? ''} → ${v.after}`)).toEqual(['Geänderte Felder:  → E-Mail, Telefon', 'Art: Kontakt → Mitglied']);
    expect(activityChanges(edited, 'it').map((v) => v.after)).toEqual(['E-mail, Telefono', 'Socio']);
    const created: SentenceEntry = { eventType: 'ContactCreated', action: 'contacts.created', actor, names, changes: [{ field: 'contactCode', before: null, after: 1 }] };
    expect(activityChanges(created, 'de').map((v) => v.after)).toEqual(['1 · neuer Kontakt']);
    // Once the contact is erased the log knows no name for it, and says so in words.
    const erased = { ...created, names: { ...names, object: null } };
    expect(activitySentence(erased, 'de')).toBe('Anna hat einen Kontakt angelegt, der inzwischen gelöscht ist');
    expect(activitySentence({ ...erased, eventType: 'ContactRemoved', action: 'contacts.removed' }, 'en')).toBe('Anna deleted a contact with all its details');
    expect(activitySentence({ ...edited, names: { ...names, object: null } }, 'fr')).toBe('Anna a modifié un contact supprimé depuis');
    const members = (added: number, removed: number): SentenceEntry => ({
      eventType: 'ContactGroupMembersChanged', action: 'contacts.groupMembersChanged', actor, names: { ...names, object: 'Vorstand' },
      changes: [{ field: 'membersAdded', before: 4, after: added }, { field: 'membersRemoved', before: 0, after: removed }],
    });
    expect(activitySentence(members(3, 0), 'de')).toBe('Anna hat 3 Kontakte zur Kontaktgruppe „Vorstand“ hinzugefügt');
    expect(activitySentence(members(0, 1), 'de')).toBe('Anna hat einen Kontakt aus der Kontaktgruppe „Vorstand“ entfernt');
    expect(activitySentence(members(2, 1), 'en')).toBe('Anna added 2 contacts to the contact group “Vorstand” and removed a contact');
  });

  it('picks the language from a lang value or an Accept-Language header, German otherwise', () => {
    expect(activityLanguageOf('fr-CH,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(activityLanguageOf('es-ES,it;q=0.5')).toBe('it');
    expect(activityLanguageOf('en')).toBe('en');
    expect(activityLanguageOf(undefined)).toBe('de');
    expect(activityLanguageOf('ja')).toBe('de');
  });
});
