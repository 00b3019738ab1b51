import { defineMessages, useIntl } from 'react-intl';
import type { ActivityEntry } from './activity.api';
import { untyped } from '../../shared/untyped-messages';

// One entry of the activity log: who did what, and each changed field as before → after.
const messages = untyped(defineMessages({
  anonymous: { id: 'activity.actor.anonymous', defaultMessage: 'Anonyme Person', description: 'Actor display "anonymous visitor"' },
  former: { id: 'activity.actor.former', defaultMessage: 'Ehemaliges Mitglied', description: 'Actor display "former member"' },
  system: { id: 'activity.actor.system', defaultMessage: 'System', description: 'Actor display "system"' },
  changes: { id: 'activity.changes', defaultMessage: 'Änderungen', description: 'Label of the changed fields' },
}));

export function actorName(entry: ActivityEntry, intl: ReturnType<typeof useIntl>): string {
  if (entry.actor.name) return entry.actor.name;
  switch (entry.actor.display) {
    case 'anonymous visitor': return intl.formatMessage(messages.anonymous);
    case 'former member': return intl.formatMessage(messages.former);
    case 'system': return intl.formatMessage(messages.system);
    default: return entry.actor.display;
  }
}

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '--';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function ChangeList({ entry }: { entry: ActivityEntry }) {
  const intl = useIntl();
  if (entry.changes.length === 0) return null;
  return (
    <dl className="changes" aria-label={intl.formatMessage(messages.changes)}>
      {entry.changes.map((change) => (
        <div key={change.field} className="changes__row">
          <dt>{change.field}</dt>
          <dd>
            <span className="changes__before">{formatValue(change.before)}</span>
            {' → '}
            <span className="changes__after">{formatValue(change.after)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
