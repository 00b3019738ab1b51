import { z } from 'zod';
import { defineEvent, type EventDataOf } from '../catalogue/event-definition';

// Reminders before the date and notifications for organisers (issue 14, ADR 0013).
//
// Settings live on `signup-notify-settings-<projectId>`: the reminder of each list (one value
// for everyone signed up in it) and each organiser's own choice of mails (off, one per new
// sign-up, a daily digest). What is sent is recorded as one event per mail, each on a stream
// whose id is the mail's idempotency key, appended with expected version `no_stream`: a
// reminder per (sign-up, start), a notice per (sign-up event), a digest per (project, day).
// The mail reactor turns each of those into one mail job (the job id is the event id); the
// mail source checks the log again when the job runs, so a cancelled sign-up or a moved item
// gets no mail. None of these events carries personal data: names are read from the sign-up.

/** Reminder offsets a list may choose (spec: off, 1 hour, 1 day, 2 days, 1 week before the start). */
export const REMINDER_OFFSETS = ['off', '1h', '1d', '2d', '1w'] as const;
export type ReminderOffset = (typeof REMINDER_OFFSETS)[number];
export const REMINDER_OFFSET_MINUTES: Record<Exclude<ReminderOffset, 'off'>, number> = { '1h': 60, '1d': 1440, '2d': 2880, '1w': 10_080 };

/** An organiser's own choice per project (ADR 0013: per person, off by default). */
export const ORGANISER_NOTIFICATION_MODES = ['off', 'each', 'digest'] as const;
export type OrganiserNotificationMode = (typeof ORGANISER_NOTIFICATION_MODES)[number];

/** The local time zone of reminders and digests (no team time zone exists yet). */
export const NOTIFICATION_TIME_ZONE = 'Europe/Berlin';
/** The local hour the daily digest of the day before is sent at. */
export const DIGEST_LOCAL_HOUR = 7;
export const DIGEST_ITEMS_MAX = 50;

const projectId = z.uuid();
const listId = z.uuid();
const itemId = z.uuid();
const signupId = z.uuid();
const instant = z.iso.datetime({ offset: true });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ListReminderSet = defineEvent({
  type: 'ListReminderSet',
  feature: 'signups',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, reminder: z.enum(REMINDER_OFFSETS), setBy: z.uuid(), at: instant }),
  describe: (d) => ({
    object: { kind: 'list', id: d.listId }, projectId: d.projectId, listId: d.listId, action: 'signups.reminderSet',
    fields: { reminder: d.reminder },
  }),
});

export const OrganiserNotificationsChosen = defineEvent({
  type: 'OrganiserNotificationsChosen',
  feature: 'signups',
  schemaVersion: 1,
  schema: z.object({ projectId, userId: z.uuid(), mode: z.enum(ORGANISER_NOTIFICATION_MODES), at: instant }),
  describe: (d) => ({
    object: { kind: 'project', id: d.projectId }, projectId: d.projectId, listId: null, action: 'signups.organiserNotificationsChosen',
    fields: { notifications: d.mode },
  }),
});

export const SignupReminderDue = defineEvent({
  type: 'SignupReminderDue',
  feature: 'signups',
  schemaVersion: 1,
  schema: z.object({
    projectId, listId, itemId, signupId,
    /** The member to remind; null for a visitor (their address is on the sign-up). */
    userId: z.uuid().nullable(),
    /** The item's start the reminder is for: a moved item is a new reminder. */
    startsAt: instant,
    reminder: z.enum(REMINDER_OFFSETS),
    at: instant,
  }),
  describe: (d) => ({
    object: { kind: 'signup', id: d.signupId }, projectId: d.projectId, listId: d.listId, action: 'signups.reminderDue',
    fields: { itemId: d.itemId, reminder: d.reminder },
  }),
});

export const OrganiserSignupNoticeDue = defineEvent({
  type: 'OrganiserSignupNoticeDue',
  feature: 'signups',
  schemaVersion: 1,
  schema: z.object({
    projectId, listId, itemId, signupId,
    /** The organiser to tell. */
    userId: z.uuid(),
    /** The SignUpAdded event on `signups-<listId>` (its version, for reading the name). */
    sourceEventId: z.uuid(),
    sourceVersion: z.number().int().positive(),
    at: instant,
  }),
  describe: (d) => ({
    object: { kind: 'signup', id: d.signupId }, projectId: d.projectId, listId: d.listId, action: 'signups.organiserNoticeDue',
    fields: { itemId: d.itemId, recipientId: d.userId },
  }),
});

export const OrganiserDigestDue = defineEvent({
  type: 'OrganiserDigestDue',
  feature: 'signups',
  schemaVersion: 1,
  schema: z.object({
    projectId,
    userId: z.uuid(),
    /** The local day (NOTIFICATION_TIME_ZONE) the digest covers. */
    day,
    added: z.number().int().nonnegative(),
    cancelled: z.number().int().nonnegative(),
    items: z.array(z.object({ itemId, added: z.number().int().nonnegative(), cancelled: z.number().int().nonnegative() })).max(DIGEST_ITEMS_MAX),
    at: instant,
  }),
  describe: (d) => ({
    object: { kind: 'project', id: d.projectId }, projectId: d.projectId, listId: null, action: 'signups.organiserDigestDue',
    fields: { recipientId: d.userId, signups: d.added, cancellations: d.cancelled },
  }),
});

export const signupNotificationEvents = [
  ListReminderSet, OrganiserNotificationsChosen, SignupReminderDue, OrganiserSignupNoticeDue, OrganiserDigestDue,
] as const;

type EventOf<D extends (typeof signupNotificationEvents)[number]> = { type: D['type']; data: EventDataOf<D> };

/** Events of `signup-notify-settings-<projectId>`. */
export type SignupNotifySettingsEvent = EventOf<typeof ListReminderSet> | EventOf<typeof OrganiserNotificationsChosen>;
export type SignupReminderDueEvent = EventOf<typeof SignupReminderDue>;
export type OrganiserSignupNoticeDueEvent = EventOf<typeof OrganiserSignupNoticeDue>;
export type OrganiserDigestDueEvent = EventOf<typeof OrganiserDigestDue>;

export const signupNotifySettingsStreamId = (projectId: string): string => `signup-notify-settings-${projectId}`;
/** One reminder per sign-up and start; the start in minutes since the epoch keeps the id short. */
export const signupReminderStreamId = (signupId: string, startsAt: string): string => `signup-reminder-${signupId}-${Math.floor(Date.parse(startsAt) / 60_000)}`;
export const organiserNoticeStreamId = (sourceEventId: string): string => `organiser-notice-${sourceEventId}`;
export const organiserDigestStreamId = (projectId: string, day: string): string => `organiser-digest-${projectId}-${day}`;

export function isSignupNotifySettingsEvent(event: { type: string }): event is SignupNotifySettingsEvent {
  return event.type === ListReminderSet.type || event.type === OrganiserNotificationsChosen.type;
}

/** The settings of one project folded from its stream; pure, shared by decider, sweeper and console answer. */
export interface SignupNotifySettings {
  /** listId → reminder; lists not named are off. */
  reminders: Readonly<Record<string, ReminderOffset>>;
  /** userId → mode; people not named are off. */
  organisers: Readonly<Record<string, OrganiserNotificationMode>>;
}

export function initialSignupNotifySettings(): SignupNotifySettings {
  return { reminders: {}, organisers: {} };
}

export function evolveSignupNotifySettings(state: SignupNotifySettings, event: SignupNotifySettingsEvent): SignupNotifySettings {
  switch (event.type) {
    case 'ListReminderSet':
      return { ...state, reminders: { ...state.reminders, [event.data.listId]: event.data.reminder } };
    case 'OrganiserNotificationsChosen':
      return { ...state, organisers: { ...state.organisers, [event.data.userId]: event.data.mode } };
    default: {
      const unknown: never = event;
      throw new Error(`Unexpected settings event ${JSON.stringify(unknown)}`);
    }
  }
}
