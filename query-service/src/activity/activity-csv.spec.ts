import { CSV_HEADER, csvCell, csvLine, csvLinesOf, sentenceOf } from './activity-csv';
import type { ActivityEntry } from './list-activity.repository';

describe('activity CSV', () => {
  it('quotes separators, quotes and line breaks, and writes JSON for structured values', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
    expect(csvCell('Müller ✓')).toBe('Müller ✓');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@sum')).toBe("'@sum");
  });

  it('writes one line per changed field, and one line for an entry without changes', () => {
    const entry: ActivityEntry = {
      eventId: 'e1', teamId: 't', projectId: 'p', listId: null, objectKind: 'item', objectId: 'i', action: 'projects.itemEdited', eventType: 'ItemEdited',
      actor: { kind: 'user', id: 'u', name: null }, recordedAt: new Date('2026-01-02T03:04:05.000Z'), checkpoint: 'c', streamId: 's', streamVersion: 1,
      changes: [{ field: 'name', before: 'Alt', after: 'Neu' }, { field: 'capacity', before: null, after: 3 }],
    };
    const actor = { kind: 'user' as const, id: 'u', name: 'Ada Muster', display: 'Ada Muster' };
    const sentence = 'Ada Muster hat in der Liste „Helfer“ den Eintrag „Neu“ bearbeitet';
    expect(csvLinesOf(entry, actor, sentence)).toBe(
      `${sentence};2026-01-02T03:04:05.000Z;Ada Muster;u;projects.itemEdited;ItemEdited;item;i;p;;name;Alt;Neu;e1\r\n`
      + `${sentence};2026-01-02T03:04:05.000Z;Ada Muster;u;projects.itemEdited;ItemEdited;item;i;p;;capacity;;3;e1\r\n`);
    expect(csvLinesOf({ ...entry, changes: [] }, actor, sentence).split(';')).toHaveLength(CSV_HEADER.length);
    expect(csvLine(CSV_HEADER)).toMatch(/^sentence;time;actor;.*;event id\r\n$/);
  });

  it('says each entry as the console does, in the requested language, with names instead of ids', () => {
    const entry: ActivityEntry = {
      eventId: 'e2', teamId: 't', projectId: 'p', listId: 'l', objectKind: 'signup', objectId: 's', action: 'signups.added', eventType: 'SignUpAdded',
      actor: { kind: 'anonymous', id: 'anon-s', name: null }, recordedAt: new Date('2026-01-02T03:04:05.000Z'), checkpoint: 'c', streamId: 's', streamVersion: 1,
      changes: [{ field: 'itemId', before: null, after: '0d7f4b8e-3c1a-4e2b-9f5d-6a7b8c9d0e1f' }, { field: 'status', before: null, after: 'placed' }],
    };
    const actor = { kind: 'anonymous' as const, id: 'anon-s', name: 'Anna', display: 'anonymous visitor' };
    const names = { object: null, project: 'Sommerfest', list: 'Helfer', item: 'Grill' };
    expect(sentenceOf(entry, actor, names, 'de')).toBe('Anna hat sich für „Grill“ eingetragen');
    expect(sentenceOf(entry, actor, names, 'it')).toBe('Anna si è iscritto/a per «Grill»');
    expect(sentenceOf(entry, { ...actor, name: null }, { ...names, item: null }, 'en')).toBe('Anonymous visitor signed up for (unnamed)');
  });
});
