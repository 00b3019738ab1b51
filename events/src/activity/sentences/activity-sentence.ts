import { COLOURS } from '../../constants/colours.constants';
import { projectStatusName, type ProjectStatus } from '../../constants/project-status.constants';
import { de } from './de';
import { en } from './en';
import { fr } from './fr';
import { it } from './it';
import { ACTIVITY_LANGUAGES, type ActivityLanguage, type LanguagePack, type SentenceEntry, type SentencePart, type SentenceRef, type Template, type TemplateContext } from './sentence-types';

// The activity log as sentences (issue 14): one builder for the console and the CSV export,
// so both say the same. Plain functions and Intl only: this runs in the browser too.

const PACKS: Record<ActivityLanguage, LanguagePack> = { de, en, fr, it };

// Ids, orders and internal keys: kept for the details view, never in the sentence.
const HIDDEN_FIELDS = new Set([
  'itemId', 'listId', 'userId', 'teamId', 'ownerId', 'folderId', 'copiedFrom', 'phaseId', 'inviteId', 'signupIds', 'phaseOrder',
  'listOrder', 'itemOrder', 'recipientId', 'sentBy', 'authorId', 'invitedBy', 'targetId', 'ccId', 'position', 'deviceId',
  'sourceEventType', 'path', 'href', 'sessionId', 'toPosition', 'undoneCommandId', 'by',
]);
const DAY_FIELDS = new Set(['startDate', 'date']);
const INSTANT_FIELDS = new Set(['expiresAt', 'at', 'toAt', 'opensAt', 'closesAt', 'endsAt']);
const LIMIT_FIELDS = new Set(['capacity', 'maxPerPerson', 'days']);
const QUOTED_FIELDS = new Set(['name', 'label', 'link', 'deviceName', 'text']);
// "Was changed" markers (the value itself is not in the log): shown as "Beschreibung: geändert".
const FLAG_FIELDS = new Set(['descriptionChanged', 'nameChanged', 'valuesChanged']);
// What one event did (the fields it changed, a contact activity code, how many it added): an
// earlier event's value is no "before".
const EVENT_FIELDS = new Set(['changedFields', 'contactCode', 'membersAdded', 'membersRemoved']);
// Events that make an object: their fields are the first values, so empty ones and the
// "changed" markers say nothing.
const CREATING_EVENTS = new Set(['ProjectCreated', 'PhaseAdded', 'ListAdded', 'ItemAdded', 'TeamCreated', 'SignUpAdded', 'PresetColumnSaved', 'MemberInvited', 'BackupMarked', 'ContactCreated', 'ContactGroupCreated']);
// Sub-fields in reading order (jsonb keeps its own key order).
const SUB_FIELD_ORDER = ['opensAt', 'closesAt', 'endsAt', 'waitlist', 'maxPerPerson', 'allowAnonymous', 'showNames', 'color', 'theme'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLACEHOLDER = /\{([A-Za-z]+)(?::(before|after))?\}/g;
const REFS: readonly SentenceRef[] = ['actor', 'object', 'project', 'list', 'item'];

/** The language of an `Accept-Language` header or a `lang` value; German when none fits. */
export function activityLanguageOf(header: string | null | undefined): ActivityLanguage {
  for (const range of (header ?? '').split(',')) {
    const code = range.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    const known = ACTIVITY_LANGUAGES.find((language) => language === code);
    if (known) return known;
  }
  return 'de';
}

/** Who did it, as the log shows it (an erased member is "former member"). */
export function actorLabel(actor: SentenceEntry['actor'], lang: ActivityLanguage): string {
  const words = PACKS[lang].words;
  if (actor.name) return actor.name;
  switch (actor.kind) {
    case 'user': return words.formerMember;
    case 'anonymous': return words.anonymous;
    case 'system': return words.system;
    default: {
      const exhaustive: never = actor.kind;
      return exhaustive;
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function formatDay(value: string, lang: ActivityLanguage): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

function formatInstant(value: string, lang: ActivityLanguage, timeZone: string | undefined): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

export interface FormatOptions {
  /** Time zone of times in the sentence; the runtime's own when absent. */
  timeZone?: string;
}

/** One value in the language's words; null when it is an id that the sentence leaves out. */
export function formatActivityValue(field: string, value: unknown, lang: ActivityLanguage, options: FormatOptions = {}): string | null {
  const pack = PACKS[lang];
  const number = (n: number) => new Intl.NumberFormat(lang).format(n);
  const named = (set: string, key: string): string | undefined => pack.values[set]?.[key];
  if (HIDDEN_FIELDS.has(field)) return null;
  if (FLAG_FIELDS.has(field)) return value === true ? pack.words.changed : null;
  if (value === null || value === undefined || value === '') return LIMIT_FIELDS.has(field) ? pack.words.unlimited : pack.words.none;
  if (typeof value === 'boolean') return value ? pack.words.yes : pack.words.no;
  if (field === 'status') {
    if (typeof value === 'number') return named('projectStatus', projectStatusName(value as ProjectStatus)) ?? number(value);
    return named('status', String(value)) ?? String(value);
  }
  if ((field === 'colour' || field === 'color') && typeof value === 'number') {
    const colour = COLOURS[value as keyof typeof COLOURS];
    return colour ? named('colour', colour) ?? colour : number(value);
  }
  if (field === 'type' && typeof value === 'number') return named('listType', String(value)) ?? number(value);
  if (field === 'type') return named('teamType', String(value)) ?? String(value);
  if (field === 'vote') {
    if (typeof value === 'number') return named('feedbackVote', String(value)) ?? number(value);
    if (isRecord(value)) return named('voteKind', String(value.kind)) ?? pack.words.changed;
    return named('vote', String(value)) ?? pack.quote(String(value));
  }
  if (field === 'kind') return named('fieldKind', String(value)) ?? String(value);
  if (field === 'contactType' || field === 'contactStatus' || field === 'groupKind' || field === 'groupPolicy') return named(field, String(value)) ?? String(value);
  if (field === 'contactCode') return `${number(Number(value))} · ${named('contactCode', String(value)) ?? ''}`.trim();
  if (field === 'changedFields' && Array.isArray(value)) return value.map((f) => pack.labels[String(f)] ?? String(f)).join(', ');
  if (field === 'time' && isRecord(value)) return `${String(value.from)}–${String(value.to)}`;
  if (field === 'logoUrl') return pack.words.changed;
  if (typeof value === 'number') return number(value);
  if (typeof value === 'string') {
    if (UUID.test(value) || value.startsWith('anon-')) return null;
    if (DAY_FIELDS.has(field)) return formatDay(value, lang);
    if (INSTANT_FIELDS.has(field)) return formatInstant(value, lang, options.timeZone);
    if (QUOTED_FIELDS.has(field)) return pack.quote(value);
    return named(field, value) ?? value;
  }
  if (Array.isArray(value)) {
    if (field === 'fields') {
      const labels = value.filter(isRecord).map((f) => pack.quote(String(f.label)));
      return labels.length === 0 ? pack.words.none : labels.join(', ');
    }
    return pack.words.count(number(value.length));
  }
  if (isRecord(value)) {
    if (field === 'access') return pack.words.count(number(Object.keys(value).length));
    const rank = (key: string) => (SUB_FIELD_ORDER.includes(key) ? SUB_FIELD_ORDER.indexOf(key) : SUB_FIELD_ORDER.length);
    const parts = Object.entries(value)
      .filter(([key, inner]) => pack.labels[key] !== undefined && inner !== null && inner !== undefined)
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([key, inner]) => [pack.labels[key], formatActivityValue(key, inner, lang, options)] as const)
      .filter((pair): pair is readonly [string, string] => pair[1] !== null)
      .map(([label, text]) => `${label}: ${text}`);
    return parts.length === 0 ? pack.words.none : parts.join(', ');
  }
  return pack.words.changed;
}

export interface ActivityChangeView {
  field: string;
  label: string;
  /** Null when the field had no value before (a new object). */
  before: string | null;
  after: string;
}

/**
 * The changed fields a reader is shown: labelled, formatted, without ids. For an event that
 * makes an object (`eventType` given), empty first values and "changed" markers are left out.
 */
export function activityChanges(entry: Pick<SentenceEntry, 'changes'> & { eventType?: string }, lang: ActivityLanguage, options: FormatOptions = {}): ActivityChangeView[] {
  const pack = PACKS[lang];
  const creating = entry.eventType !== undefined && CREATING_EVENTS.has(entry.eventType);
  const views: ActivityChangeView[] = [];
  for (const change of entry.changes) {
    const label = pack.labels[change.field];
    const after = formatActivityValue(change.field, change.after, lang, options);
    if (label === undefined || after === null) continue;
    if (creating && (FLAG_FIELDS.has(change.field) || after === pack.words.none)) continue;
    const before = change.before === null || change.before === undefined || EVENT_FIELDS.has(change.field) ? null : formatActivityValue(change.field, change.before, lang, options);
    views.push({ field: change.field, label, before, after });
  }
  return views;
}

function contextOf(entry: SentenceEntry): TemplateContext {
  const find = (field: string) => entry.changes.find((change) => change.field === field);
  return {
    action: entry.action,
    after: (field) => find(field)?.after ?? null,
    before: (field) => find(field)?.before ?? null,
    has: (field) => find(field) !== undefined,
    named: (ref) => entry.names[ref] !== null && entry.names[ref] !== '',
  };
}

function templateOf(entry: SentenceEntry, pack: LanguagePack): Template {
  const sentences: Record<string, Template> = pack.sentences;
  return Object.prototype.hasOwnProperty.call(sentences, entry.eventType) ? sentences[entry.eventType]! : pack.unknownSentence;
}

/** The entry as a sentence in parts; names are parts with a `ref` (the console links them). */
export function activitySentenceParts(entry: SentenceEntry, lang: ActivityLanguage, options: FormatOptions = {}): SentencePart[] {
  const pack = PACKS[lang];
  const template = templateOf(entry, pack);
  const context = contextOf(entry);
  const text = typeof template === 'string' ? template : template(context);
  const parts: SentencePart[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    last = match.index + match[0].length;
    const [, name, side] = match;
    const ref = REFS.find((r) => r === name);
    if (ref === 'actor') parts.push({ text: actorLabel(entry.actor, lang), ref });
    else if (ref !== undefined) {
      const known = entry.names[ref];
      parts.push(known ? { text: pack.quote(known), ref } : { text: pack.words.unnamed });
    } else {
      const value = side === 'before' ? context.before(name!) : context.after(name!);
      parts.push({ text: formatActivityValue(name!, value, lang, options) ?? pack.words.none });
    }
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The entry as one sentence of text (the CSV's `sentence` column, screen readers). */
export function activitySentence(entry: SentenceEntry, lang: ActivityLanguage, options: FormatOptions = {}): string {
  return activitySentenceParts(entry, lang, options).map((part) => part.text).join('');
}
