import { Inject, Injectable } from '@nestjs/common';
import {
  evolveSignupNotifySettings,
  initialSignupNotifySettings,
  isSignupNotifySettingsEvent,
  signupNotifySettingsStreamId,
  type EventStore,
  type OrganiserNotificationMode,
  type ReminderOffset,
  type SignupNotificationSettings,
  type SignupNotifySettings,
} from '@planwerk/events';
import { EVENT_STORE } from '../app/tokens';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import { appendOnce } from '../shared/idempotency/append-once';
import type { IdSource } from '../shared/idempotency/deterministic-ids';
import { decideSignupNotifySettings, type SignupNotifySettingsCommand } from './decide/organiser-notifications.decider';
import { SignupAccess } from './signup-access';

/** The settings of a project folded from its stream (also read by the sweeper and the reactor). */
export async function loadSignupNotifySettings(store: Pick<EventStore, 'readStream'>, projectId: string): Promise<{ state: SignupNotifySettings; version: number }> {
  const slice = await store.readStream(signupNotifySettingsStreamId(projectId));
  let state = initialSignupNotifySettings();
  for (const event of slice.events) if (isSignupNotifySettingsEvent(event)) state = evolveSignupNotifySettings(state, event);
  return { state, version: slice.version };
}

/** Reminders per list and each organiser's own mails (issue 14, ADR 0013). */
@Injectable()
export class OrganiserNotificationsService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly access: SignupAccess,
  ) {}

  async setReminder(teamId: string, projectId: string, listId: string, reminder: ReminderOffset, userId: string, metadata: CommandMetadata, ids: IdSource, now: Date) {
    const checkpoint = await this.decide(teamId, projectId, { type: 'SetListReminder', projectId, listId, reminder, setBy: userId, at: now.toISOString() }, metadata, ids);
    return { listId, reminder, checkpoint };
  }

  async choose(teamId: string, projectId: string, mode: OrganiserNotificationMode, userId: string, metadata: CommandMetadata, ids: IdSource, now: Date) {
    const checkpoint = await this.decide(teamId, projectId, { type: 'ChooseOrganiserNotifications', projectId, userId, mode, at: now.toISOString() }, metadata, ids);
    return { projectId, mode, checkpoint };
  }

  async settings(teamId: string, projectId: string, userId: string): Promise<SignupNotificationSettings> {
    const project = await this.access.teamProject(teamId, projectId);
    const { state } = await loadSignupNotifySettings(this.store, projectId);
    const reminders = Object.fromEntries(project.lists.map((list) => [list.listId, state.reminders[list.listId] ?? 'off']));
    return { projectId, reminders, mode: state.organisers[userId] ?? 'off' };
  }

  /** Decides on the settings stream; answers the checkpoint of the append, or null when nothing changed. */
  private async decide(teamId: string, projectId: string, command: SignupNotifySettingsCommand, metadata: CommandMetadata, ids: IdSource): Promise<string | null> {
    const project = await this.access.teamProject(teamId, projectId);
    const { state, version } = await loadSignupNotifySettings(this.store, projectId);
    const events = decideSignupNotifySettings(command, state, { listIds: project.lists.map((l) => l.listId), inTrash: project.status === 0 });
    if (events.length === 0) return null;
    const streamId = signupNotifySettingsStreamId(projectId);
    // Expected version: a concurrent change of the same settings is a conflict, answered as such.
    const result = await appendOnce(this.store, streamId, events.map((event, index) => ({
      eventId: ids.next(`event:${streamId}:${metadata.commandId}:${index}`),
      type: event.type,
      data: event.data,
      metadata: {
        commandId: metadata.commandId, correlationId: metadata.correlationId, causationId: metadata.causationId,
        actor: metadata.actor, teamId: project.teamId, schemaVersion: 1,
      },
    })), { expectedVersion: version === 0 ? 'no_stream' : version }, ids);
    return result.checkpoint;
  }
}
