import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { projectPaths } from '../projects';
import { Modal } from '../../shared/ui';
import { ActivityEntryItem } from './activity-entry';
import { useGetProjectChangesQuery, useMarkProjectSeenMutation } from './activity.api';
import { untyped } from '../../shared/untyped-messages';

const messages = untyped(defineMessages({
  badge: { id: 'activity.changes.badge', defaultMessage: '{count, plural, =0 {Keine Änderungen} one {# Änderung} other {# Änderungen}}', description: 'Badge: changes since I last looked' },
  capped: { id: 'activity.changes.capped', defaultMessage: '999+ Änderungen', description: 'Badge above 999' },
  title: { id: 'activity.changes.title', defaultMessage: 'Was hat sich geändert, seit du zuletzt geschaut hast?', description: 'Title of the changes list' },
  seen: { id: 'activity.changes.seen', defaultMessage: 'Als gesehen markieren', description: 'Marks the changes as seen' },
  none: { id: 'activity.changes.none', defaultMessage: 'Seit deinem letzten Besuch hat sich nichts geändert.', description: 'No changes' },
  all: { id: 'activity.changes.all', defaultMessage: 'Ganzes Protokoll', description: 'Link to the activity log of the project' },
}));

/** "What changed since I last looked": a badge with the count and the list (ADR 0007). */
export function ProjectChanges({ teamId, ccLink, projectId }: { teamId: string; ccLink: string; projectId: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  // Refetched on the project's live updates (the editor follows the project, ADR 0009).
  const { data } = useGetProjectChangesQuery({ teamId, projectId });
  const [markSeen, { isLoading }] = useMarkProjectSeenMutation();
  if (!data) return null;
  const label = data.capped ? intl.formatMessage(messages.capped) : intl.formatMessage(messages.badge, { count: data.count });
  return (
    <>
      <button type="button" className={data.count > 0 ? 'chip chip--alert' : 'chip'} onClick={() => setOpen(true)} data-testid="changes-badge">
        {label}
      </button>
      {open && (
        <Modal title={intl.formatMessage(messages.title)} onClose={() => setOpen(false)} wide>
          {data.entries.length === 0 && <p className="hint">{intl.formatMessage(messages.none)}</p>}
          <ul className="activity-list">
            {data.entries.map((entry) => <ActivityEntryItem key={entry.eventId} entry={entry} ccLink={ccLink} timeStyle="dateTime" />)}
          </ul>
          <div className="dialog__actions">
            <Link className="button" to={projectPaths.activity.href(ccLink, projectId)}>{intl.formatMessage(messages.all)}</Link>
            <button
              type="button"
              className="button button--primary"
              disabled={isLoading || data.count === 0}
              onClick={() => void markSeen({ teamId, projectId, position: data.position }).then(() => setOpen(false))}
            >
              {intl.formatMessage(messages.seen)}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
