import { activitySentence, type ActivityLanguage } from '@planwerk/events';
import type { ActorView } from './activity-actors';
import type { EntryNames } from './activity-names';
import type { ActivityEntry } from './list-activity.repository';

// CSV as spreadsheet programs in the product's markets open it (ADR 0007): UTF-8 with a BOM,
// `;` between cells, CRLF line ends, one line per changed field (an entry without field
// changes gets one line with empty field cells). The first cell is the entry as the console says
// it, in the requester's language (issue 14); the raw cells after it are for auditors.

export const CSV_BOM = '\uFEFF';
export const CSV_HEADER = ['sentence', 'time', 'actor', 'actor id', 'action', 'event type', 'object kind', 'object id', 'project', 'list', 'field', 'before', 'after', 'event id'];

/** A cell quoted where needed; a leading =, +, -, @ (a formula in a spreadsheet) is defused. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(';')}\r\n`;
}

/** The entry's sentence (the same builder as the console's activity entry). */
export function sentenceOf(entry: ActivityEntry, actor: ActorView, names: EntryNames, lang: ActivityLanguage): string {
  return activitySentence({ eventType: entry.eventType, action: entry.action, actor: { kind: actor.kind, name: actor.name }, changes: entry.changes, names }, lang);
}

export function csvLinesOf(entry: ActivityEntry, actor: ActorView, sentence: string): string {
  const common = [sentence, entry.recordedAt.toISOString(), actor.name ?? actor.display, actor.id, entry.action, entry.eventType, entry.objectKind, entry.objectId, entry.projectId, entry.listId];
  if (entry.changes.length === 0) return csvLine([...common, null, null, null, entry.eventId]);
  return entry.changes.map((change) => csvLine([...common, change.field, change.before, change.after, entry.eventId])).join('');
}
