import { defineMessages, type IntlShape } from 'react-intl';
import { untyped } from '../../shared/untyped-messages';
import { useGetMemberSettingsQuery } from './members.api';
import { formatDay, MEMBER_STATUS_LABEL } from './members.messages';

// The membership entries of a contact's history (kinds memberStarted, memberChanged, memberEnded)
// as sentences in the UI language; the contact's page says them among its own entries.

const messages = untyped(defineMessages({
  started: { id: 'members.history.started', defaultMessage: '{actor} hat {name} als Mitglied Nr. {number} aufgenommen.', description: 'History: the contact became a member with this number' },
  startedNoNumber: { id: 'members.history.startedNoNumber', defaultMessage: '{actor} hat {name} als Mitglied aufgenommen.', description: 'History: the contact became a member (number not known)' },
  number: { id: 'members.history.number', defaultMessage: '{actor} hat die Mitgliedsnummer von {before} auf {after} geändert.', description: 'History: the member number changed' },
  entry: { id: 'members.history.entry', defaultMessage: '{actor} hat den Eintritt vom {before} auf den {after} geändert.', description: 'History: the entry date changed' },
  category: { id: 'members.history.category', defaultMessage: '{actor} hat die Beitragsart von {before} auf {after} geändert.', description: 'History: the fee category changed; before and after are quoted names' },
  categorySet: { id: 'members.history.categorySet', defaultMessage: '{actor} hat die Beitragsart {after} eingetragen.', description: 'History: a fee category was given to a member without one' },
  categoryCleared: { id: 'members.history.categoryCleared', defaultMessage: '{actor} hat die Beitragsart {before} entfernt.', description: 'History: the member no longer has a fee category' },
  status: { id: 'members.history.status', defaultMessage: '{actor} hat den Mitgliedsstatus von {before} auf {after} geändert.', description: 'History: the member status changed; before and after are quoted statuses' },
  changed: { id: 'members.history.changed', defaultMessage: '{actor} hat die Mitgliedschaft geändert.', description: 'History: the membership changed in a way not told in detail' },
  ended: { id: 'members.history.ended', defaultMessage: '{actor} hat den Austritt zum {date} eingetragen.', description: 'History: the member leaves on this date' },
  endedNoDate: { id: 'members.history.endedNoDate', defaultMessage: '{actor} hat den Austritt eingetragen.', description: 'History: the member leaves (date not known)' },
  quoted: { id: 'members.history.quoted', defaultMessage: '„{value}“', description: 'A value in a history sentence, in the quotation marks of the language' },
  someCategory: { id: 'members.history.someCategory', defaultMessage: 'eine entfernte Beitragsart', description: 'A fee category that no longer exists in the settings' },
  categoryPlain: { id: 'members.history.categoryPlain', defaultMessage: '{actor} hat die Beitragsart geändert.', description: 'History: the fee category changed (its names cannot be shown)' },
}));

export const MEMBER_HISTORY_KINDS = ['memberStarted', 'memberChanged', 'memberEnded'] as const;
export type MemberHistoryKind = (typeof MEMBER_HISTORY_KINDS)[number];

export function isMemberHistoryKind(kind: string): kind is MemberHistoryKind {
  return (MEMBER_HISTORY_KINDS as readonly string[]).includes(kind);
}

export interface MemberHistoryEntry {
  kind: string;
  changes: readonly { field: string; before: unknown; after: unknown }[];
}

const STATUS_FIELDS = ['status', 'memberStatus'];

/** The sentences of one membership entry; the contact's name and the fee categories' names by id. */
export function memberHistorySentences(intl: IntlShape, entry: MemberHistoryEntry, actor: string, name: string, categoryNames: ReadonlyMap<string, string> | null): string[] {
  const quoted = (value: string) => intl.formatMessage(messages.quoted, { value });
  const change = (field: string) => entry.changes.find((c) => c.field === field);
  const categoryName = (id: unknown) => (typeof id === 'string' ? categoryNames?.get(id) ?? intl.formatMessage(messages.someCategory) : '');
  const statusName = (value: unknown) => (value === 'active' || value === 'passive' || value === 'honorary' || value === 'left' ? intl.formatMessage(MEMBER_STATUS_LABEL[value]) : String(value ?? ''));
  const day = (value: unknown) => (typeof value === 'string' ? formatDay(intl, value) : '');
  if (entry.kind === 'memberStarted') {
    const number = change('memberNumber')?.after;
    return [typeof number === 'number'
      ? intl.formatMessage(messages.started, { actor, name, number: String(number) })
      : intl.formatMessage(messages.startedNoNumber, { actor, name })];
  }
  if (entry.kind === 'memberEnded') {
    const exit = change('exitDate')?.after;
    return [typeof exit === 'string' ? intl.formatMessage(messages.ended, { actor, date: day(exit) }) : intl.formatMessage(messages.endedNoDate, { actor })];
  }
  const sentences = entry.changes.flatMap((c): string[] => {
    if (c.field === 'memberNumber') return [intl.formatMessage(messages.number, { actor, before: String(c.before ?? ''), after: String(c.after ?? '') })];
    if (c.field === 'entryDate') return [intl.formatMessage(messages.entry, { actor, before: day(c.before), after: day(c.after) })];
    if (c.field === 'feeCategoryId') {
      if (categoryNames === null) return [intl.formatMessage(messages.categoryPlain, { actor })];
      if (c.before === null || c.before === undefined) return [intl.formatMessage(messages.categorySet, { actor, after: quoted(categoryName(c.after)) })];
      if (c.after === null || c.after === undefined) return [intl.formatMessage(messages.categoryCleared, { actor, before: quoted(categoryName(c.before)) })];
      return [intl.formatMessage(messages.category, { actor, before: quoted(categoryName(c.before)), after: quoted(categoryName(c.after)) })];
    }
    if (STATUS_FIELDS.includes(c.field)) return [intl.formatMessage(messages.status, { actor, before: quoted(statusName(c.before)), after: quoted(statusName(c.after)) })];
    return [];
  });
  return sentences.length > 0 ? sentences : [intl.formatMessage(messages.changed, { actor })];
}

/**
 * The team's fee categories by id, asked only when a history has membership entries; null while
 * unknown (not loaded, or the reader lacks manage_member): the sentences then name no category.
 */
export function useFeeCategoryNames(teamId: string | undefined, needed: boolean): ReadonlyMap<string, string> | null {
  const { data } = useGetMemberSettingsQuery({ teamId: teamId ?? '' }, { skip: !needed || !teamId });
  return data ? new Map(data.feeCategories.map((category) => [category.categoryId, category.name])) : null;
}
