import { defineMessages } from 'react-intl';

// Reminders per list and the organiser's own mails (issue 14, ADR 0013). German is the source.

export const notificationMessages = defineMessages({
  reminder: { id: 'projects.notifications.reminder', defaultMessage: 'Erinnerung per E-Mail', description: 'List dialog: reminder before the item starts' },
  reminderHint: {
    id: 'projects.notifications.reminderHint',
    defaultMessage: 'Geht an alle Eingetragenen mit E-Mail-Adresse, bezogen auf Datum und Uhrzeit des Eintrags.',
    description: 'List dialog: who gets the reminder',
  },
  reminderOff: { id: 'projects.notifications.reminder.off', defaultMessage: 'Keine Erinnerung', description: 'Reminder: off' },
  reminder1h: { id: 'projects.notifications.reminder.1h', defaultMessage: '1 Stunde vorher', description: 'Reminder: one hour before' },
  reminder1d: { id: 'projects.notifications.reminder.1d', defaultMessage: '1 Tag vorher', description: 'Reminder: one day before' },
  reminder2d: { id: 'projects.notifications.reminder.2d', defaultMessage: '2 Tage vorher', description: 'Reminder: two days before' },
  reminder1w: { id: 'projects.notifications.reminder.1w', defaultMessage: '1 Woche vorher', description: 'Reminder: one week before' },
  button: { id: 'projects.notifications.button', defaultMessage: 'Benachrichtigungen', description: 'Editor header: opens my notification choice' },
  title: { id: 'projects.notifications.title', defaultMessage: 'Benachrichtigungen zu Eintragungen', description: 'Notifications dialog title' },
  intro: {
    id: 'projects.notifications.intro',
    defaultMessage: 'Deine eigene Wahl für dieses Projekt: andere aus der Verwaltung entscheiden für sich.',
    description: 'Notifications dialog: the choice is per person',
  },
  legend: { id: 'projects.notifications.legend', defaultMessage: 'E-Mails an mich', description: 'Notifications dialog: legend of the choice' },
  modeOff: { id: 'projects.notifications.mode.off', defaultMessage: 'Keine E-Mails', description: 'Mode: off' },
  modeEach: { id: 'projects.notifications.mode.each', defaultMessage: 'Eine E-Mail pro neuer Eintragung', description: 'Mode: one mail per sign-up' },
  modeDigest: {
    id: 'projects.notifications.mode.digest',
    defaultMessage: 'Tägliche Zusammenfassung (morgens um 7 Uhr, nur wenn sich etwas getan hat)',
    description: 'Mode: daily digest',
  },
  saved: { id: 'projects.notifications.saved', defaultMessage: 'Benachrichtigungen gespeichert', description: 'Toast after saving' },
});

export const reminderMessages = {
  off: notificationMessages.reminderOff, '1h': notificationMessages.reminder1h, '1d': notificationMessages.reminder1d,
  '2d': notificationMessages.reminder2d, '1w': notificationMessages.reminder1w,
} as const;

export const modeMessages = { off: notificationMessages.modeOff, each: notificationMessages.modeEach, digest: notificationMessages.modeDigest } as const;
