import { evolveSignupNotifySettings, initialSignupNotifySettings, type SignupNotifySettingsEvent } from '@planwerk/events';
import {
  decideSignupNotifySettings,
  ProjectInTrashTakesNoSettings,
  ReminderListNotInProject,
  type SignupNotifySettingsCommand,
} from './organiser-notifications.decider';

const projectId = '00000000-0000-4000-8000-000000000001';
const listId = '00000000-0000-4000-8000-000000000002';
const otherList = '00000000-0000-4000-8000-000000000003';
const anna = '00000000-0000-4000-8000-0000000000a1';
const at = '2026-11-26T10:00:00.000Z';
const context = { listIds: [listId], inTrash: false };

const given = (events: SignupNotifySettingsEvent[]) => events.reduce(evolveSignupNotifySettings, initialSignupNotifySettings());
const reminder = (value: 'off' | '1h' | '1d' | '2d' | '1w', list = listId): SignupNotifySettingsCommand => ({ type: 'SetListReminder', projectId, listId: list, reminder: value, setBy: anna, at });
const choose = (mode: 'off' | 'each' | 'digest', userId = anna): SignupNotifySettingsCommand => ({ type: 'ChooseOrganiserNotifications', projectId, userId, mode, at });

describe('reminder and organiser notification settings', () => {
  it('sets a list reminder', () => {
    expect(decideSignupNotifySettings(reminder('1d'), given([]), context)).toEqual([
      { type: 'ListReminderSet', data: { projectId, listId, reminder: '1d', setBy: anna, at } },
    ]);
  });

  it('appends nothing when the reminder is set already, and "off" for a list never set', () => {
    const state = given([{ type: 'ListReminderSet', data: { projectId, listId, reminder: '2d', setBy: anna, at } }]);
    expect(decideSignupNotifySettings(reminder('2d'), state, context)).toEqual([]);
    expect(decideSignupNotifySettings(reminder('off'), given([]), context)).toEqual([]);
    expect(decideSignupNotifySettings(reminder('off'), state, context)).toHaveLength(1);
  });

  it('refuses a list of another project with not_found on listId', () => {
    expect(() => decideSignupNotifySettings(reminder('1h', otherList), given([]), context)).toThrow(ReminderListNotInProject);
    try {
      decideSignupNotifySettings(reminder('1h', otherList), given([]), context);
    } catch (error) {
      expect(error).toMatchObject({ code: 'not_found', field: 'listId' });
    }
  });

  it('takes no settings for a project in the trash', () => {
    expect(() => decideSignupNotifySettings(choose('each'), given([]), { ...context, inTrash: true })).toThrow(ProjectInTrashTakesNoSettings);
  });

  it('keeps each organiser’s own choice; off is the default', () => {
    const ben = '00000000-0000-4000-8000-0000000000b2';
    const state = given([{ type: 'OrganiserNotificationsChosen', data: { projectId, userId: anna, mode: 'digest', at } }]);
    expect(state.organisers).toEqual({ [anna]: 'digest' });
    expect(decideSignupNotifySettings(choose('digest'), state, context)).toEqual([]);
    expect(decideSignupNotifySettings(choose('off', ben), state, context)).toEqual([]);
    expect(decideSignupNotifySettings(choose('each', ben), state, context)).toEqual([
      { type: 'OrganiserNotificationsChosen', data: { projectId, userId: ben, mode: 'each', at } },
    ]);
  });
});
