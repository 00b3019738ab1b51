import { describe, expect, it } from '@jest/globals';
import { createIntl } from 'react-intl';
import de from '../../lang/de.json';
import en from '../../lang/en.json';
import fr from '../../lang/fr.json';
import it_ from '../../lang/it.json';
import { memberHistorySentences, type MemberHistoryEntry } from './member-history';
import { adults, youth } from './member-testing';

const names = new Map([[adults, 'Erwachsene'], [youth, 'Jugend']]);
const started: MemberHistoryEntry = { kind: 'memberStarted', changes: [{ field: 'memberNumber', before: null, after: 12 }, { field: 'feeCategoryId', before: null, after: adults }] };
const changed: MemberHistoryEntry = { kind: 'memberChanged', changes: [{ field: 'feeCategoryId', before: adults, after: youth }, { field: 'status', before: 'active', after: 'passive' }] };
const ended: MemberHistoryEntry = { kind: 'memberEnded', changes: [{ field: 'exitDate', before: null, after: '2026-12-31' }] };

describe('membership entries of a contact’s history', () => {
  it('says them in German with the contact’s name, the number, the categories’ names and the date', () => {
    const german = createIntl({ locale: 'de', messages: de });
    expect(memberHistorySentences(german, started, 'Lena Lerche', 'Jürgen', names)).toEqual(['Lena Lerche hat Jürgen als Mitglied Nr. 12 aufgenommen.']);
    expect(memberHistorySentences(german, changed, 'Lena Lerche', 'Jürgen', names)).toEqual([
      'Lena Lerche hat die Beitragsart von „Erwachsene“ auf „Jugend“ geändert.',
      'Lena Lerche hat den Mitgliedsstatus von „aktiv“ auf „passiv“ geändert.',
    ]);
    expect(memberHistorySentences(german, ended, 'Lena Lerche', 'Jürgen', names)).toEqual(['Lena Lerche hat den Austritt zum 31.12.2026 eingetragen.']);
  });

  it('names a removed category as such, and no category when the names are not known', () => {
    const german = createIntl({ locale: 'de', messages: de });
    const gone: MemberHistoryEntry = { kind: 'memberChanged', changes: [{ field: 'feeCategoryId', before: '0b9a4c1e-c0c0-4aaa-8eee-000000000099', after: youth }] };
    expect(memberHistorySentences(german, gone, 'Lena', 'Jürgen', names)).toEqual(['Lena hat die Beitragsart von „eine entfernte Beitragsart“ auf „Jugend“ geändert.']);
    expect(memberHistorySentences(german, gone, 'Lena', 'Jürgen', null)).toEqual(['Lena hat die Beitragsart geändert.']);
  });

  it('says them in English, French and Italian', () => {
    const english = createIntl({ locale: 'en', messages: en });
    expect(memberHistorySentences(english, started, 'Lena', 'Jürgen', names)).toEqual(['Lena admitted Jürgen as member no. 12.']);
    expect(memberHistorySentences(english, changed, 'Lena', 'Jürgen', names)[0]).toBe('Lena changed the fee category from “Erwachsene” to “Jugend”.');
    expect(memberHistorySentences(english, ended, 'Lena', 'Jürgen', names)).toEqual(['Lena recorded the exit on Dec 31, 2026.']);
    const french = createIntl({ locale: 'fr', messages: fr });
    expect(memberHistorySentences(french, changed, 'Lena', 'Jürgen', names)).toEqual([
      'Lena a changé la catégorie de cotisation de « Erwachsene » en « Jugend ».',
      'Lena a changé le statut de membre de « actif » en « passif ».',
    ]);
    const italian = createIntl({ locale: 'it', messages: it_ });
    expect(memberHistorySentences(italian, started, 'Lena', 'Jürgen', names)).toEqual(['Lena ha ammesso Jürgen come socio n. 12.']);
    expect(memberHistorySentences(italian, ended, 'Lena', 'Jürgen', names)).toEqual(['Lena ha registrato l’uscita al 31 dic 2026.']);
  });
});
