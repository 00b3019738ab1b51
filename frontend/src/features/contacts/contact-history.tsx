import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { activityLanguageOf, formatActivityValue } from '@planwerk/events/activity-sentences';
import { EmptyState } from '../../shared/empty-state';
import { History } from '../../shared/icons';
import { untyped } from '../../shared/untyped-messages';
import { isMemberHistoryKind, memberHistorySentences, useFeeCategoryNames } from '../members';
import { CONTACT_DETAIL_FIELDS, type ContactHistoryEntry } from './contacts.api';
import { FIELD_LABEL, STATUS_LABEL, TYPE_LABEL, type ContactFieldName } from './contacts.messages';

const messages = untyped(defineMessages({
  created: { id: 'contacts.history.created', defaultMessage: '{actor} hat den Kontakt angelegt ({code}).', description: 'History: the contact was created; code is the contact activity code with its label' },
  removed: { id: 'contacts.history.removed', defaultMessage: '{actor} hat den Kontakt gelöscht ({code}).', description: 'History: the contact was removed; code is the contact activity code with its label' },
  blocked: { id: 'contacts.history.blocked', defaultMessage: '{actor} hat den Kontakt gesperrt.', description: 'History: the contact was blocked' },
  unblocked: { id: 'contacts.history.unblocked', defaultMessage: '{actor} hat den Kontakt entsperrt.', description: 'History: the contact was unblocked' },
  changed: { id: 'contacts.history.changed', defaultMessage: '{actor} hat {field} von {before} auf {after} geändert.', description: 'History: one field changed; field is its label, before and after its values (quoted)' },
  set: { id: 'contacts.history.set', defaultMessage: '{actor} hat {field} auf {after} gesetzt.', description: 'History: an empty field got a value' },
  cleared: { id: 'contacts.history.cleared', defaultMessage: '{actor} hat {field} geleert (vorher {before}).', description: 'History: a field was emptied' },
  editedNothing: { id: 'contacts.history.edited', defaultMessage: '{actor} hat den Kontakt geändert.', description: 'History: an edit whose changed values are not known (erased data)' },
  quoted: { id: 'contacts.history.quoted', defaultMessage: '„{value}“', description: 'A value in a history sentence, in the quotation marks of the language' },
  someone: { id: 'contacts.history.someone', defaultMessage: 'Ein früheres Teammitglied', description: 'Who did it, when that person is no longer known (erased)' },
  system: { id: 'contacts.history.system', defaultMessage: 'Planwerk', description: 'Who did it, when nobody did (an import or the system)' },
  yes: { id: 'contacts.history.yes', defaultMessage: 'ja', description: 'A yes/no value (blocked): yes' },
  no: { id: 'contacts.history.no', defaultMessage: 'nein', description: 'A yes/no value (blocked): no' },
  title: { id: 'contacts.history.title', defaultMessage: 'Verlauf', description: 'Heading of the contact history' },
  list: { id: 'contacts.history.list', defaultMessage: 'Verlauf des Kontakts, neueste Änderung zuerst', description: 'Accessible name of the history list' },
  empty: { id: 'contacts.history.empty', defaultMessage: 'Noch keine Einträge.', description: 'The history has no entries' },
  merged: { id: 'contacts.history.merged', defaultMessage: '{actor} hat einen doppelten Kontakt mit diesem zusammengeführt.', description: 'History of the surviving contact: a duplicate was merged into it' },
  mergeUndone: { id: 'contacts.history.mergeUndone', defaultMessage: '{actor} hat das Zusammenführen rückgängig gemacht.', description: 'History of the surviving contact: a merge was undone' },
  mergedInto: { id: 'contacts.history.mergedInto', defaultMessage: '{actor} hat diesen Kontakt mit einem anderen zusammengeführt.', description: 'History of the merged contact: it was merged into another' },
  unmerged: { id: 'contacts.history.unmerged', defaultMessage: '{actor} hat den Kontakt wieder getrennt.', description: 'History of the merged contact: the merge was undone and it is back' },
}));

const DETAIL_FIELDS: readonly string[] = CONTACT_DETAIL_FIELDS;

function actorOf(intl: IntlShape, actor: ContactHistoryEntry['actor']): string {
  if (actor.name) return actor.name;
  return intl.formatMessage(actor.id ? messages.someone : messages.system);
}

/** A field's value in the UI language: types and statuses by their names, countries and dates as people write them. */
function valueText(intl: IntlShape, field: ContactFieldName, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (field === 'type' && (value === 'contact' || value === 'member' || value === 'employee')) return intl.formatMessage(TYPE_LABEL[value]);
  if (field === 'status' && (value === 'active' || value === 'inactive')) return intl.formatMessage(STATUS_LABEL[value]);
  if (typeof value === 'boolean') return intl.formatMessage(value ? messages.yes : messages.no);
  if (field === 'country' && typeof value === 'string') return new Intl.DisplayNames([intl.locale], { type: 'region' }).of(value.toUpperCase()) ?? value;
  if (field === 'birthDate' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return intl.formatDate(`${value}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
  }
  return String(value);
}

function isFieldName(field: string): field is ContactFieldName {
  return DETAIL_FIELDS.includes(field) || field === 'type' || field === 'status' || field === 'blocked';
}

/** The entry as sentences in the UI language (an edit says each changed field; a membership entry its change). */
export function historySentences(intl: IntlShape, entry: ContactHistoryEntry, member: { name: string; categoryNames: ReadonlyMap<string, string> | null } = { name: '', categoryNames: null }): string[] {
  const actor = actorOf(intl, entry.actor);
  const kind: string = entry.kind;
  if (isMemberHistoryKind(kind)) return memberHistorySentences(intl, { kind, changes: entry.changes }, actor, member.name, member.categoryNames);
  const code = entry.code === null ? '' : formatActivityValue('contactCode', entry.code, activityLanguageOf(intl.locale)) ?? '';
  switch (entry.kind) {
    case 'created': return [intl.formatMessage(messages.created, { actor, code })];
    case 'removed': return [intl.formatMessage(messages.removed, { actor, code })];
    case 'blocked': return [intl.formatMessage(messages.blocked, { actor })];
    case 'unblocked': return [intl.formatMessage(messages.unblocked, { actor })];
    case 'mergedInto': return [intl.formatMessage(messages.mergedInto, { actor })];
    case 'unmerged': return [intl.formatMessage(messages.unmerged, { actor })];
    case 'merged':
    case 'mergeUndone':
    case 'edited': {
      const quoted = (value: string) => intl.formatMessage(messages.quoted, { value });
      const sentences = entry.changes.filter((change) => isFieldName(change.field)).map((change) => {
        const field = intl.formatMessage(FIELD_LABEL[change.field as ContactFieldName]);
        const before = valueText(intl, change.field as ContactFieldName, change.before);
        const after = valueText(intl, change.field as ContactFieldName, change.after);
        if (before === '') return intl.formatMessage(messages.set, { actor, field, after: quoted(after) });
        if (after === '') return intl.formatMessage(messages.cleared, { actor, field, before: quoted(before) });
        return intl.formatMessage(messages.changed, { actor, field, before: quoted(before), after: quoted(after) });
      });
      // A merge and its undo say so first, then each field it changed.
      if (entry.kind !== 'edited') return [intl.formatMessage(entry.kind === 'merged' ? messages.merged : messages.mergeUndone, { actor }), ...sentences];
      return sentences.length > 0 ? sentences : [intl.formatMessage(messages.editedNothing, { actor })];
    }
    default: {
      const exhaustive: never = entry.kind;
      return exhaustive;
    }
  }
}

/** The contact's history from its events, newest first (as the server sends it). */
export function ContactHistory({ entries, teamId, name = '' }: { entries: readonly ContactHistoryEntry[]; teamId?: string; name?: string }) {
  const intl = useIntl();
  // Membership entries name fee categories by id: their names come from the member settings.
  const categoryNames = useFeeCategoryNames(teamId, entries.some((entry) => isMemberHistoryKind(entry.kind)));
  // Newest first, whatever order arrives; entries of the same instant keep the server's order.
  const newestFirst = [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <section className="card" aria-labelledby="contact-history-title">
      <h2 id="contact-history-title">{intl.formatMessage(messages.title)}</h2>
      {newestFirst.length === 0 ? (
        <EmptyState icon={History} title={intl.formatMessage(messages.empty)} headingLevel={3} compact />
      ) : (
        <ol className="contact-history" aria-label={intl.formatMessage(messages.list)}>
          {newestFirst.map((entry) => (
            <li key={entry.eventId} className="contact-history__entry" data-testid="contact-history-entry">
              <time dateTime={entry.at} className="contact-history__when">
                {intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
              {historySentences(intl, entry, { name, categoryNames }).map((sentence) => <p key={sentence} className="contact-history__text">{sentence}</p>)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
