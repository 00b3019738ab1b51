import {
  NOTIFICATION_TIME_ZONE,
  REMINDER_OFFSET_MINUTES,
  type ExistingProject,
  type ItemState,
  type RecordedEvent,
  type ReminderOffset,
  type SignupNotifySettings,
  type SignupReminderDueEvent,
} from '@planwerk/events';

// When reminders are due (issue 14, ADR 0013). Pure: the sweeper hands in the time, the
// project, the settings and the sign-up streams, and appends what comes out.

const MINUTE = 60_000;

/** Milliseconds the zone is ahead of UTC at the instant `ms`. */
function zoneOffset(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(ms));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - Math.floor(ms / 1000) * 1000;
}

/** The instant of a local wall time (`2026-12-24`, `18:30`) in the zone. */
export function zonedInstant(date: string, time: string, timeZone = NOTIFICATION_TIME_ZONE): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, mi);
  let utc = wall - zoneOffset(wall, timeZone);
  // Once more at the found instant: right across a change of summer time.
  utc = wall - zoneOffset(utc, timeZone);
  return new Date(utc);
}

/** The local calendar day of an instant (`YYYY-MM-DD`). */
export function localDay(at: Date, timeZone = NOTIFICATION_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The local hour of an instant (0–23). */
export function localHour(at: Date, timeZone = NOTIFICATION_TIME_ZONE): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at));
}

/** The day before a `YYYY-MM-DD` day. */
export function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** An item's start: its date at its start time (the start of the day without one), or null without a date. */
export function itemStart(item: Pick<ItemState, 'date' | 'time'>): Date | null {
  if (item.date === null) return null;
  return zonedInstant(item.date, item.time?.from ?? '00:00');
}

export interface ActiveSignup {
  signupId: string;
  itemId: string;
  userId: string | null;
  status: 'placed' | 'waitlisted';
  /** When the person signed up. */
  at: string;
  /** The SignUpAdded event (its data holds the name and a visitor's address, decrypted by the store). */
  addedData: Record<string, unknown>;
}

/** The active sign-ups of one list from the events of `signups-<listId>`. */
export function activeSignups(events: readonly Pick<RecordedEvent, 'type' | 'data'>[]): Map<string, ActiveSignup> {
  const active = new Map<string, ActiveSignup>();
  for (const event of events) {
    const d = event.data as Record<string, unknown> & { signupId?: string; signupIds?: string[] };
    switch (event.type) {
      case 'SignUpAdded':
        active.set(String(d.signupId), {
          signupId: String(d.signupId), itemId: String(d.itemId), userId: typeof d.userId === 'string' ? d.userId : null,
          status: d.status === 'waitlisted' ? 'waitlisted' : 'placed', at: String(d.at), addedData: d,
        });
        break;
      case 'SignUpChanged': {
        const entry = active.get(String(d.signupId));
        if (!entry) break;
        active.set(entry.signupId, {
          ...entry,
          itemId: typeof d.toItemId === 'string' ? d.toItemId : entry.itemId,
          status: d.status === 'waitlisted' || d.status === 'placed' ? d.status : entry.status,
        });
        break;
      }
      case 'SignUpPromoted': {
        const entry = active.get(String(d.signupId));
        if (entry) active.set(entry.signupId, { ...entry, status: 'placed' });
        break;
      }
      case 'SignUpCancelled':
        active.delete(String(d.signupId));
        break;
      case 'ItemSignUpsCleared':
      case 'ListSignUpsCleared':
        for (const id of d.signupIds ?? []) active.delete(id);
        break;
      default:
        break;
    }
  }
  return active;
}

function hasAddress(signup: ActiveSignup): boolean {
  const email = signup.addedData.email;
  return typeof email === 'string' && email.includes('@');
}

/** A list whose reminder is on, with the items that start in the reminder's window now. */
export interface DueItem {
  listId: string;
  itemId: string;
  reminder: Exclude<ReminderOffset, 'off'>;
  startsAt: Date;
  remindAt: Date;
}

/** Items whose reminder time has come and whose start has not (projects in the trash remind nobody). */
export function dueItems(project: ExistingProject, settings: SignupNotifySettings, now: Date): DueItem[] {
  if (project.status === 0) return [];
  const due: DueItem[] = [];
  for (const list of project.lists) {
    const reminder = settings.reminders[list.listId] ?? 'off';
    if (reminder === 'off') continue;
    for (const item of project.items) {
      if (item.listId !== list.listId) continue;
      const startsAt = itemStart(item);
      if (startsAt === null) continue;
      const remindAt = new Date(startsAt.getTime() - REMINDER_OFFSET_MINUTES[reminder] * MINUTE);
      if (remindAt <= now && now < startsAt) due.push({ listId: list.listId, itemId: item.itemId, reminder, startsAt, remindAt });
    }
  }
  return due;
}

/**
 * The reminders of a due item: everyone placed on it who signed up before the reminder time
 * (who signs up later has just chosen the date and needs no reminder).
 */
export function remindersFor(project: ExistingProject, item: DueItem, signups: ReadonlyMap<string, ActiveSignup>, now: Date): SignupReminderDueEvent[] {
  const events: SignupReminderDueEvent[] = [];
  for (const signup of [...signups.values()].sort((a, b) => a.signupId.localeCompare(b.signupId))) {
    if (signup.itemId !== item.itemId || signup.status !== 'placed') continue;
    if (Date.parse(signup.at) >= item.remindAt.getTime()) continue;
    // A visitor is reminded only at the address they left (read decrypted by the store).
    if (signup.userId === null && !hasAddress(signup)) continue;
    events.push({
      type: 'SignupReminderDue',
      data: {
        projectId: project.projectId, listId: item.listId, itemId: item.itemId, signupId: signup.signupId, userId: signup.userId,
        startsAt: item.startsAt.toISOString(), reminder: item.reminder, at: now.toISOString(),
      },
    });
  }
  return events;
}
