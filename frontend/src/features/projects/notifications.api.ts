import type {
  chooseOrganiserNotificationsEndpoint, getSignupNotificationSettingsEndpoint, setListReminderEndpoint,
} from '@planwerk/events/signups/signup-notification.endpoints';
import { api } from '../../app/api';
import { fromContract, route, type ResponseOf } from '../../app/contract';

// Reminders per list and each organiser's own mails about sign-ups (issue 14, ADR 0013). Types
// from the declarations in events/src/signups/signup-notification.endpoints.ts.

export type NotificationSettings = ResponseOf<typeof getSignupNotificationSettingsEndpoint>;
export type ReminderOffset = NotificationSettings['reminders'][string];
export type NotificationMode = NotificationSettings['mode'];

export const REMINDER_OFFSETS = ['off', '1h', '1d', '2d', '1w'] as const satisfies readonly ReminderOffset[];
export const NOTIFICATION_MODES = ['off', 'each', 'digest'] as const satisfies readonly NotificationMode[];

interface ProjectRef { teamId: string; projectId: string }
const settingsTag = (projectId: string) => ({ type: 'NotificationSettings' as const, id: projectId });

export const notificationsApi = api.enhanceEndpoints({ addTagTypes: ['NotificationSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getNotificationSettings: build.query({
      ...fromContract(route<typeof getSignupNotificationSettingsEndpoint>('GET /v5/team/{teamId}/project/{projectId}/notifications'), ({ teamId, projectId }: ProjectRef) => ({ params: { teamId, projectId } })),
      providesTags: (_result, _error, { projectId }) => [settingsTag(projectId)],
    }),
    setListReminder: build.mutation({
      ...fromContract(route<typeof setListReminderEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/list/{listId}/reminder'), ({ teamId, projectId, listId, reminder }: ProjectRef & { listId: string; reminder: ReminderOffset }) => ({
        params: { teamId, projectId, listId }, body: { reminder },
      })),
      invalidatesTags: (_result, _error, { projectId }) => [settingsTag(projectId)],
    }),
    chooseNotifications: build.mutation({
      ...fromContract(route<typeof chooseOrganiserNotificationsEndpoint>('PUT /v5/team/{teamId}/project/{projectId}/notifications'), ({ teamId, projectId, mode }: ProjectRef & { mode: NotificationMode }) => ({
        params: { teamId, projectId }, body: { mode },
      })),
      invalidatesTags: (_result, _error, { projectId }) => [settingsTag(projectId)],
    }),
  }),
});

export const { useGetNotificationSettingsQuery, useSetListReminderMutation, useChooseNotificationsMutation } = notificationsApi;
