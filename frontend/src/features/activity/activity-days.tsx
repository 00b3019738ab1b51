import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActivityEntry } from './activity.api';
import { activityMessages } from './activity.messages';

// The log grouped by the reader's local day: "Heute", "Gestern", else the date.

export function dayKey(recordedAt: string): string {
  const date = new Date(recordedAt);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

function DayHeading({ recordedAt }: { recordedAt: string }) {
  const intl = useIntl();
  const now = new Date();
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const key = dayKey(recordedAt);
  let label: string;
  if (key === dayKey(now.toISOString())) label = intl.formatMessage(activityMessages.today);
  else if (key === dayKey(yesterday.toISOString())) label = intl.formatMessage(activityMessages.yesterday);
  else label = intl.formatDate(recordedAt, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return <h2 className="activity-day">{label}</h2>;
}

/** Entries grouped by the local day, a heading per day; `continues`: the day the page before ended with. */
export function DayGroups({ entries, continues, render }: { entries: readonly ActivityEntry[]; continues: string | null; render: (entry: ActivityEntry) => ReactNode }) {
  const groups: { day: string; entries: ActivityEntry[] }[] = [];
  for (const entry of entries) {
    const day = dayKey(entry.recordedAt);
    const current = groups[groups.length - 1];
    if (current?.day === day) current.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return (
    <>
      {groups.map((group) => (
        <div key={group.day} className="activity-day-group">
          {group.day !== continues && <DayHeading recordedAt={group.entries[0].recordedAt} />}
          <ol className="activity-list">{group.entries.map(render)}</ol>
        </div>
      ))}
    </>
  );
}

