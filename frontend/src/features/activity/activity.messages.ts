import { defineMessages } from 'react-intl';
import { untyped } from '../../shared/untyped-messages';

// Texts of the activity entry and its day groups; the sentences themselves come from
// @planwerk/events/activity-sentences (the CSV export says the same).
export const activityMessages = untyped(defineMessages({
  today: { id: 'activity.day.today', defaultMessage: 'Heute', description: 'Heading of today\'s entries' },
  yesterday: { id: 'activity.day.yesterday', defaultMessage: 'Gestern', description: 'Heading of yesterday\'s entries' },
  details: { id: 'activity.entry.details', defaultMessage: 'Details', description: 'Toggle that shows the ids and raw fields of an entry' },
  detailsLabel: { id: 'activity.entry.detailsLabel', defaultMessage: 'Technische Angaben', description: 'Label of the ids and raw fields of an entry' },
  changes: { id: 'activity.entry.changes', defaultMessage: 'Geänderte Angaben', description: 'Label of the readable field changes of an entry' },
  eventType: { id: 'activity.entry.eventType', defaultMessage: 'Ereignis', description: 'Details: event type' },
  action: { id: 'activity.entry.action', defaultMessage: 'Aktion', description: 'Details: action key' },
  object: { id: 'activity.entry.object', defaultMessage: 'Objekt', description: 'Details: object kind and id' },
  projectId: { id: 'activity.entry.projectId', defaultMessage: 'Projekt-ID', description: 'Details: project id' },
  listId: { id: 'activity.entry.listId', defaultMessage: 'Listen-ID', description: 'Details: list id' },
  actorId: { id: 'activity.entry.actorId', defaultMessage: 'Personen-ID', description: 'Details: actor id' },
  eventId: { id: 'activity.entry.eventId', defaultMessage: 'Ereignis-ID', description: 'Details: event id' },
  fields: { id: 'activity.entry.fields', defaultMessage: 'Felder', description: 'Details: raw field changes' },
  byPerson: { id: 'activity.entry.byPerson', defaultMessage: 'Nur Einträge von {name} zeigen', description: 'Title of the actor\'s name: filters the log by this person' },
}));
