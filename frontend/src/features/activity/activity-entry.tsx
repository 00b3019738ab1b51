import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { activityChanges, activityLanguageOf, activitySentenceParts, type SentenceEntry, type SentencePart } from '@planwerk/events/activity-sentences';
import { projectPaths } from '../projects';
import type { ActivityEntry } from './activity.api';
import { activityMessages as messages } from './activity.messages';
import './activity.css';

// One entry of the activity log as a sentence in the reader's language (issue 14), with the
// changed fields labelled and the ids behind a "Details" toggle.

function sentenceEntryOf(entry: ActivityEntry): SentenceEntry {
  return { eventType: entry.eventType, action: entry.action, actor: entry.actor, changes: entry.changes, names: entry.names };
}

// Where a named part leads: the project editor, at the list where there is one. Gone objects
// (a purged project) get no link.
function hrefOf(part: SentencePart, entry: ActivityEntry, ccLink: string | undefined): string | null {
  if (!ccLink || entry.projectId === null || entry.eventType === 'ProjectPurged') return null;
  if (part.ref === undefined || part.ref === 'actor') return null;
  const editor = projectPaths.manageProject.href(ccLink, entry.projectId);
  if (part.ref === 'project' || entry.listId === null) return editor;
  return `${editor}#list-title-${entry.listId}`;
}

function Sentence({ entry, parts, ccLink, onPerson }: { entry: ActivityEntry; parts: SentencePart[]; ccLink?: string; onPerson?: (person: string) => void }) {
  const intl = useIntl();
  return (
    <p className="activity-entry__sentence">
      {parts.map((part, index) => {
        const key = `${index}-${part.ref ?? 'text'}`;
        if (part.ref === 'actor' && onPerson) {
          return (
            <button key={key} type="button" className="link-button link-button--plain activity-entry__actor"
              title={intl.formatMessage(messages.byPerson, { name: part.text })} onClick={() => onPerson(entry.actor.id)}>
              {part.text}
            </button>
          );
        }
        const href = hrefOf(part, entry, ccLink);
        if (href !== null) return <Link key={key} to={href}>{part.text}</Link>;
        return part.ref === 'actor' ? <strong key={key}>{part.text}</strong> : <span key={key}>{part.text}</span>;
      })}
    </p>
  );
}

function rawValue(value: unknown): string {
  return value === undefined ? 'null' : JSON.stringify(value);
}

function Details({ entry, id }: { entry: ActivityEntry; id: string }) {
  const intl = useIntl();
  const rows: [string, string | null][] = [
    [intl.formatMessage(messages.eventType), entry.eventType],
    [intl.formatMessage(messages.action), entry.action],
    [intl.formatMessage(messages.object), `${entry.object.kind} ${entry.object.id}`],
    [intl.formatMessage(messages.projectId), entry.projectId],
    [intl.formatMessage(messages.listId), entry.listId],
    [intl.formatMessage(messages.actorId), entry.actor.id],
    [intl.formatMessage(messages.eventId), entry.eventId],
  ];
  return (
    <dl id={id} className="activity-entry__details" aria-label={intl.formatMessage(messages.detailsLabel)}>
      {rows.filter((row): row is [string, string] => row[1] !== null).map(([label, value]) => (
        <div key={label} className="activity-entry__detail"><dt>{label}</dt><dd><code>{value}</code></dd></div>
      ))}
      {entry.changes.length > 0 && (
        <div className="activity-entry__detail">
          <dt>{intl.formatMessage(messages.fields)}</dt>
          <dd>
            <ul className="activity-entry__raw">
              {entry.changes.map((change) => (
                <li key={change.field}><code>{change.field}: {rawValue(change.before)} → {rawValue(change.after)}</code></li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The readable changes: label, before (struck through) and after, without ids; a change the
 * sentence already says ("von Planung auf Aktiv") is not repeated.
 */
function ChangeList({ entry, sentence }: { entry: ActivityEntry; sentence: string }) {
  const intl = useIntl();
  const said = (text: string) => sentence.includes(text);
  const changes = activityChanges({ changes: entry.changes, eventType: entry.eventType }, activityLanguageOf(intl.locale))
    .filter((change) => !(said(change.after) && (change.before === null || said(change.before))));
  if (changes.length === 0) return null;
  return (
    <ul className="activity-entry__changes" aria-label={intl.formatMessage(messages.changes)}>
      {changes.map((change) => (
        <li key={change.field}>
          <span className="activity-entry__label">{change.label}:</span>{' '}
          {change.before !== null && <><del className="activity-entry__before">{change.before}</del>{' → '}</>}
          <span className="activity-entry__after">{change.after}</span>
        </li>
      ))}
    </ul>
  );
}

export function ActivityEntryItem({ entry, ccLink, onPerson, timeStyle = 'time' }: {
  entry: ActivityEntry;
  ccLink?: string;
  onPerson?: (person: string) => void;
  /** `time` under a day heading; `dateTime` where no heading says the day. */
  timeStyle?: 'time' | 'dateTime';
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const parts = activitySentenceParts(sentenceEntryOf(entry), activityLanguageOf(intl.locale));
  const sentence = parts.map((part) => part.text).join('');
  const time = timeStyle === 'time'
    ? intl.formatTime(entry.recordedAt, { hour: '2-digit', minute: '2-digit' })
    : intl.formatDate(entry.recordedAt, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="activity-entry" data-testid="activity-entry">
      <div className="activity-entry__main">
        <time className="activity-entry__time" dateTime={entry.recordedAt}>{time}</time>
        <Sentence entry={entry} parts={parts} ccLink={ccLink} onPerson={onPerson} />
        <button type="button" className="activity-entry__toggle" aria-expanded={open} aria-controls={open ? detailsId : undefined} onClick={() => setOpen(!open)}>
          {intl.formatMessage(messages.details)}
        </button>
      </div>
      <ChangeList entry={entry} sentence={sentence} />
      {open && <Details entry={entry} id={detailsId} />}
    </li>
  );
}
