import {
  DomainError,
  type OrganiserNotificationMode,
  type ReminderOffset,
  type SignupNotifySettings,
  type SignupNotifySettingsEvent,
} from '@planwerk/events';

// The settings of reminders and organiser mails (issue 14, ADR 0013), decided on
// `signup-notify-settings-<projectId>`. Pure: time comes in on the command. Setting what is
// set already appends nothing (a repeated PUT is no change in the activity log).

export interface SetListReminder {
  type: 'SetListReminder';
  projectId: string;
  listId: string;
  reminder: ReminderOffset;
  setBy: string;
  at: string;
}

export interface ChooseOrganiserNotifications {
  type: 'ChooseOrganiserNotifications';
  projectId: string;
  userId: string;
  mode: OrganiserNotificationMode;
  at: string;
}

export type SignupNotifySettingsCommand = SetListReminder | ChooseOrganiserNotifications;

/** What the rules ask of the project beside the settings stream. */
export interface SettingsContext {
  /** The project's list ids (a reminder names one of them, else 404 on listId). */
  listIds: readonly string[];
  /** Projects in the trash (status 0) take no new settings. */
  inTrash: boolean;
}

export class ReminderListNotInProject extends DomainError {
  constructor() {
    super('not_found', { field: 'listId' });
    this.name = 'ReminderListNotInProject';
  }
}

export class ProjectInTrashTakesNoSettings extends DomainError {
  constructor() {
    super('not_found', { field: 'projectId' });
    this.name = 'ProjectInTrashTakesNoSettings';
  }
}

export function decideSignupNotifySettings(command: SignupNotifySettingsCommand, state: SignupNotifySettings, context: SettingsContext): SignupNotifySettingsEvent[] {
  if (context.inTrash) throw new ProjectInTrashTakesNoSettings();
  switch (command.type) {
    case 'SetListReminder': {
      if (!context.listIds.includes(command.listId)) throw new ReminderListNotInProject();
      if ((state.reminders[command.listId] ?? 'off') === command.reminder) return [];
      const { projectId, listId, reminder, setBy, at } = command;
      return [{ type: 'ListReminderSet', data: { projectId, listId, reminder, setBy, at } }];
    }
    case 'ChooseOrganiserNotifications': {
      if ((state.organisers[command.userId] ?? 'off') === command.mode) return [];
      const { projectId, userId, mode, at } = command;
      return [{ type: 'OrganiserNotificationsChosen', data: { projectId, userId, mode, at } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
