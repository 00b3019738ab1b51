import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  DIGEST_ITEMS_MAX,
  DIGEST_LOCAL_HOUR,
  evolveProject,
  initialProjectState,
  isProjectEvent,
  organiserDigestStreamId,
  organiserNoticeStreamId,
  projectStreamId,
  signupReminderStreamId,
  signupsStreamId,
  WrongExpectedVersion,
  type Checkpoint,
  type EventStore,
  type ExistingProject,
  type RecordedEvent,
  type Subscription,
} from '@planwerk/events';
import type { Clock } from '@planwerk/platform';
import { loadSignupNotifySettings } from './organiser-notifications.service';
import { activeSignups, dayBefore, dueItems, localDay, localHour, remindersFor } from './signup-reminder.schedule';

// Reminders and organiser mails in the background (issue 14, ADR 0013), two parts:
//
// - The reactor follows the committed log from its own checkpoint (like the mail reactor's). It
//   remembers which projects have notification settings, turns each new sign-up of such a
//   project into one OrganiserSignupNoticeDue per organiser who chose "each", and notes sign-ups
//   and cancellations for the digest. Re-reading a batch after a crash appends nothing twice:
//   the notices of one sign-up go to `organiser-notice-<eventId>` with `no_stream`, the notes
//   are keyed by event id.
// - The sweeper runs every minute on the Clock: reminders whose time has come, and once the
//   local digest hour has passed, the digest of the day before. Each lands on a stream whose id
//   is its idempotency key, appended with `no_stream`, so a second sweep (or a second worker)
//   appends nothing. The mail reactor makes mails of them; the mail source checks the log again.

export const SIGNUP_NOTIFICATIONS_CHECKPOINT = 'signup-notifications';
const SWEEP_INTERVAL_MS = 60_000;
const DIGEST_NOTES_KEPT_DAYS = 8;

const STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS signup_notify_checkpoint (name text PRIMARY KEY, checkpoint text NULL)`,
  `CREATE TABLE IF NOT EXISTS signup_notify_projects (project_id text PRIMARY KEY, team_id text)`,
  `CREATE TABLE IF NOT EXISTS organiser_digest_notes (
     event_id text PRIMARY KEY, project_id text NOT NULL, day text NOT NULL, item_id text NOT NULL, kind text NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS organiser_digest_notes_day_idx ON organiser_digest_notes (day, project_id)`,
];

export async function migrateSignupNotifications(pool: Pool): Promise<void> {
  for (const statement of STATEMENTS) await pool.query(statement);
}

/** The reactor's position in the log; advancing is a compare-and-set, so two reactors never both move it. */
export interface NotificationCheckpoints {
  load(): Promise<Checkpoint | null>;
  advance(from: Checkpoint | null, to: Checkpoint): Promise<void>;
}

function postgresCheckpoints(pool: Pool, name: string): NotificationCheckpoints {
  return {
    async load() {
      await pool.query('INSERT INTO signup_notify_checkpoint (name, checkpoint) VALUES ($1, NULL) ON CONFLICT (name) DO NOTHING', [name]);
      return (await pool.query<{ checkpoint: string | null }>('SELECT checkpoint FROM signup_notify_checkpoint WHERE name = $1', [name])).rows[0]?.checkpoint ?? null;
    },
    async advance(from, to) {
      const moved = await pool.query('UPDATE signup_notify_checkpoint SET checkpoint = $2 WHERE name = $1 AND checkpoint IS NOT DISTINCT FROM $3', [name, to, from]);
      // Another instance got there first (it appended the same, idempotently): read again.
      if (moved.rowCount !== 1) throw new Error(`signup notifications "${name}": checkpoint moved by another instance; reloading`);
    },
  };
}

type Store = Pick<EventStore, 'readStream' | 'append'>;

async function loadProject(store: Pick<EventStore, 'readStream'>, projectId: string): Promise<ExistingProject | null> {
  const slice = await store.readStream(projectStreamId(projectId));
  let state = initialProjectState();
  for (const event of slice.events) if (isProjectEvent(event)) state = evolveProject(state, event);
  return state.exists ? state : null;
}

function systemMetadata(teamId: string | null, causationId: string | null) {
  const id = randomUUID();
  return { commandId: id, correlationId: causationId ?? id, causationId, actor: { kind: 'system' as const, id: 'signup-notifications' }, teamId, schemaVersion: 1 };
}

/** Appends to a stream that must not exist yet; false when it does (someone was first). */
async function appendNew(store: Store, streamId: string, events: { type: string; data: unknown }[], teamId: string | null, causationId: string | null): Promise<boolean> {
  if (events.length === 0) return false;
  const metadata = systemMetadata(teamId, causationId);
  try {
    await store.append(streamId, events.map((event) => ({ eventId: randomUUID(), type: event.type, data: event.data, metadata })), { expectedVersion: 'no_stream' });
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedVersion) return false;
    throw error;
  }
}

/** The reactor's work on one batch of the log; exported for tests. */
export async function handleNotificationBatch(events: readonly RecordedEvent[], deps: { pool: Pool; store: Store }): Promise<void> {
  const { pool, store } = deps;
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    if (event.type === 'ListReminderSet' || event.type === 'OrganiserNotificationsChosen') {
      await pool.query('INSERT INTO signup_notify_projects (project_id, team_id) VALUES ($1, $2) ON CONFLICT (project_id) DO NOTHING', [data.projectId, event.metadata.teamId]);
      continue;
    }
    if (event.type !== 'SignUpAdded' && event.type !== 'SignUpCancelled') continue;
    const projectId = String(data.projectId);
    const known = await pool.query('SELECT 1 FROM signup_notify_projects WHERE project_id = $1', [projectId]);
    if (known.rowCount === 0) continue;
    await pool.query(
      'INSERT INTO organiser_digest_notes (event_id, project_id, day, item_id, kind) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING',
      [event.eventId, projectId, localDay(event.recordedAt), String(data.itemId), event.type === 'SignUpAdded' ? 'added' : 'cancelled'],
    );
    if (event.type !== 'SignUpAdded') continue;
    const { state } = await loadSignupNotifySettings(store, projectId);
    const actor = event.metadata.actor;
    // Nobody is told about their own sign-up.
    const recipients = Object.entries(state.organisers)
      .filter(([userId, mode]) => mode === 'each' && !(actor.kind === 'user' && actor.id === userId))
      .map(([userId]) => userId)
      .sort();
    await appendNew(store, organiserNoticeStreamId(event.eventId), recipients.map((userId) => ({
      type: 'OrganiserSignupNoticeDue',
      data: {
        projectId, listId: String(data.listId), itemId: String(data.itemId), signupId: String(data.signupId), userId,
        sourceEventId: event.eventId, sourceVersion: event.streamVersion, at: event.recordedAt.toISOString(),
      },
    })), event.metadata.teamId, event.eventId);
  }
}

/** Appends the reminders that are due at `now`; answers how many. */
export async function sweepReminders(deps: { pool: Pool; store: Store }, now: Date): Promise<number> {
  const { pool, store } = deps;
  let appended = 0;
  const projects = await pool.query<{ project_id: string }>('SELECT project_id FROM signup_notify_projects ORDER BY project_id');
  for (const { project_id: projectId } of projects.rows) {
    const { state: settings } = await loadSignupNotifySettings(store, projectId);
    if (!Object.values(settings.reminders).some((reminder) => reminder !== 'off')) continue;
    const project = await loadProject(store, projectId);
    if (!project) continue;
    const lists = new Map<string, ReturnType<typeof activeSignups>>();
    for (const item of dueItems(project, settings, now)) {
      let signups = lists.get(item.listId);
      if (!signups) {
        signups = activeSignups((await store.readStream(signupsStreamId(item.listId))).events);
        lists.set(item.listId, signups);
      }
      for (const reminder of remindersFor(project, item, signups, now)) {
        if (await appendNew(store, signupReminderStreamId(reminder.data.signupId, reminder.data.startsAt), [reminder], project.teamId, null)) appended += 1;
      }
    }
  }
  return appended;
}

/** Once the local digest hour has passed: the digest of the day before, per project and organiser. */
export async function sweepDigests(deps: { pool: Pool; store: Store }, now: Date): Promise<number> {
  const { pool, store } = deps;
  if (localHour(now) < DIGEST_LOCAL_HOUR) return 0;
  const day = dayBefore(localDay(now));
  let appended = 0;
  const notes = await pool.query<{ project_id: string; item_id: string; added: string; cancelled: string }>(
    `SELECT project_id, item_id, count(*) FILTER (WHERE kind = 'added') AS added, count(*) FILTER (WHERE kind = 'cancelled') AS cancelled
       FROM organiser_digest_notes WHERE day = $1 GROUP BY project_id, item_id ORDER BY project_id, item_id`,
    [day],
  );
  const byProject = new Map<string, { itemId: string; added: number; cancelled: number }[]>();
  for (const row of notes.rows) {
    const items = byProject.get(row.project_id) ?? [];
    items.push({ itemId: row.item_id, added: Number(row.added), cancelled: Number(row.cancelled) });
    byProject.set(row.project_id, items);
  }
  for (const [projectId, items] of byProject) {
    const { state } = await loadSignupNotifySettings(store, projectId);
    const recipients = Object.entries(state.organisers).filter(([, mode]) => mode === 'digest').map(([userId]) => userId).sort();
    if (recipients.length === 0) continue;
    const project = await loadProject(store, projectId);
    if (!project || project.status === 0) continue;
    const added = items.reduce((sum, item) => sum + item.added, 0);
    const cancelled = items.reduce((sum, item) => sum + item.cancelled, 0);
    const events = recipients.map((userId) => ({
      type: 'OrganiserDigestDue',
      data: { projectId, userId, day, added, cancelled, items: items.slice(0, DIGEST_ITEMS_MAX), at: now.toISOString() },
    }));
    if (await appendNew(store, organiserDigestStreamId(projectId, day), events, project.teamId, null)) appended += recipients.length;
  }
  await pool.query('DELETE FROM organiser_digest_notes WHERE day < $1', [new Date(now.getTime() - DIGEST_NOTES_KEPT_DAYS * 86_400_000).toISOString().slice(0, 10)]);
  return appended;
}

export interface SignupNotificationsOptions {
  pool: Pool;
  store: Pick<EventStore, 'readStream' | 'append' | 'subscribe'>;
  clock: Clock;
  /** Default one minute. */
  sweepIntervalMs?: number;
  checkpoints?: NotificationCheckpoints;
  onError?(error: unknown): void;
}

export interface SignupNotifications {
  /** One sweep now (tests and the first run). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

export async function startSignupNotifications(options: SignupNotificationsOptions): Promise<SignupNotifications> {
  const { pool, store, clock } = options;
  await migrateSignupNotifications(pool);
  const checkpoints = options.checkpoints ?? postgresCheckpoints(pool, SIGNUP_NOTIFICATIONS_CHECKPOINT);
  const onError = options.onError ?? ((error: unknown) => console.error(`signup notifications: ${error instanceof Error ? error.message : String(error)}`));
  let stopping = false;
  let subscription: Subscription | null = null;
  let retry: NodeJS.Timeout | null = null;

  const follow = async (): Promise<void> => {
    if (stopping) return;
    let position = await checkpoints.load();
    subscription = store.subscribe({
      after: position,
      batchSize: 200,
      handle: async (events) => {
        if (events.length === 0) return;
        await handleNotificationBatch(events, { pool, store });
        const next = events[events.length - 1]!.checkpoint;
        await checkpoints.advance(position, next);
        position = next;
      },
      onError: (error) => {
        onError(error);
        // Read the batch again after a pause; what it appended is not appended twice.
        if (!stopping) retry = setTimeout(() => void follow().catch(onError), 1000);
      },
    });
  };
  await follow();

  let sweeping: Promise<void> = Promise.resolve();
  const sweep = (): Promise<void> => {
    sweeping = sweeping.then(async () => {
      const now = clock.now();
      await sweepReminders({ pool, store }, now);
      await sweepDigests({ pool, store }, now);
    }).catch(onError);
    return sweeping;
  };
  const timer = setInterval(() => void sweep(), options.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
  timer.unref();

  return {
    sweep,
    async stop() {
      stopping = true;
      clearInterval(timer);
      if (retry) clearTimeout(retry);
      await subscription?.stop();
      await sweeping;
    },
  };
}
