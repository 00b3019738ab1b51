import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { ORGANISER_NOTIFICATION_MODES, REMINDER_OFFSETS } from './signup-notification.events';

// Reminders and organiser notifications (issue 14, ADR 0013): management routes (manage_prj).
// The reminder is one value per list; the notification mode is the caller's own choice.

const tag = 'signups';
const manage = '/v5/team/{teamId}/project/{projectId}';

export const setListReminderBody = z.object({ reminder: z.enum(REMINDER_OFFSETS) }).strict();
export type SetListReminderBody = z.infer<typeof setListReminderBody>;

export const chooseOrganiserNotificationsBody = z.object({ mode: z.enum(ORGANISER_NOTIFICATION_MODES) }).strict();
export type ChooseOrganiserNotificationsBody = z.infer<typeof chooseOrganiserNotificationsBody>;

export const setListReminderEndpoint = defineEndpoint({
  operationId: 'setListReminder', method: 'PUT', path: `${manage}/list/{listId}/reminder`, service: 'command', tag,
  summary: 'Set the reminder mail of a list: off, 1 hour, 1 day, 2 days or 1 week before the item starts (manage_prj)',
  body: setListReminderBody,
  response: z.object({ listId: z.uuid(), reminder: z.enum(REMINDER_OFFSETS), checkpoint: z.string().nullable() }),
});

export const chooseOrganiserNotificationsEndpoint = defineEndpoint({
  operationId: 'chooseOrganiserNotifications', method: 'PUT', path: `${manage}/notifications`, service: 'command', tag,
  summary: 'Choose the caller\'s own mails about sign-ups in the project: off, one per new sign-up, or a daily digest (manage_prj)',
  body: chooseOrganiserNotificationsBody,
  response: z.object({ projectId: z.uuid(), mode: z.enum(ORGANISER_NOTIFICATION_MODES), checkpoint: z.string().nullable() }),
});

export const signupNotificationSettingsSchema = z.object({
  projectId: z.uuid(),
  /** listId → reminder, for every list of the project (off when never set). */
  reminders: z.record(z.string(), z.enum(REMINDER_OFFSETS)),
  /** The caller's own choice. */
  mode: z.enum(ORGANISER_NOTIFICATION_MODES),
});
export type SignupNotificationSettings = z.infer<typeof signupNotificationSettingsSchema>;

export const getSignupNotificationSettingsEndpoint = defineEndpoint({
  operationId: 'getSignupNotificationSettings', method: 'GET', path: `${manage}/notifications`, service: 'command', tag,
  summary: 'The reminders of the project\'s lists and the caller\'s own notification choice (manage_prj)',
  response: signupNotificationSettingsSchema,
});

export const signupNotificationEndpoints = [setListReminderEndpoint, chooseOrganiserNotificationsEndpoint, getSignupNotificationSettingsEndpoint] as const;
