import { defineMessages } from 'react-intl';
import { untyped } from '../../shared/untyped-messages';

export const templateMessages = untyped(defineMessages({
  title: { id: 'templates.gallery.title', defaultMessage: 'Vorlagen-Galerie', description: 'Title of the template gallery' },
  intro: { id: 'templates.gallery.intro', defaultMessage: 'Fertige Projekte zum Loslegen: wähle eine Vorlage, ein Datum und eine Startzeit – Listen, Einträge und Zeiten sind gleich da.', description: 'Gallery intro' },
  list: { id: 'templates.gallery.list', defaultMessage: 'Vorlagen', description: 'Label of the gallery list' },
  contains: { id: 'templates.gallery.contains', defaultMessage: '{lists, plural, one {# Liste} other {# Listen}} · {items, plural, one {# Eintrag} other {# Einträge}} · {places, plural, one {# Platz} other {# Plätze}}', description: 'What a template contains' },
  listsOf: { id: 'templates.gallery.listsOf', defaultMessage: 'Listen in {name}', description: 'Label of the list names of a template card' },
  timed: { id: 'templates.gallery.timed', defaultMessage: 'mit Uhrzeiten', description: 'Badge: the template has time slots' },
  use: { id: 'templates.gallery.use', defaultMessage: 'Verwenden', description: 'Button that applies a template' },
  useNamed: { id: 'templates.gallery.useNamed', defaultMessage: 'Vorlage {name} verwenden', description: 'Accessible name of the use button' },
  backToProjects: { id: 'templates.gallery.projects', defaultMessage: 'Zu den Projekten', description: 'Link back to the projects' },
  applyTitle: { id: 'templates.apply.title', defaultMessage: 'Projekt aus „{name}“', description: 'Title of the apply dialog' },
  name: { id: 'templates.apply.name', defaultMessage: 'Name des Projekts', description: 'Name field' },
  link: { id: 'templates.apply.link', defaultMessage: 'Projekt-Link', description: 'Link field' },
  linkHint: { id: 'templates.apply.linkHint', defaultMessage: 'Unter diesem Link tragen sich andere ein.', description: 'Hint of the link field' },
  date: { id: 'templates.apply.date', defaultMessage: 'Datum', description: 'Date field' },
  startTime: { id: 'templates.apply.startTime', defaultMessage: 'Beginn', description: 'Start time field' },
  startHint: { id: 'templates.apply.startHint', defaultMessage: 'Alle Zeiten der Vorlage richten sich nach dem Beginn.', description: 'Hint of the start time field' },
  activate: { id: 'templates.apply.activate', defaultMessage: 'Gleich freigeben, damit sich andere eintragen können', description: 'Checkbox: release the project at once' },
  submit: { id: 'templates.apply.submit', defaultMessage: 'Projekt erstellen', description: 'Creates the project' },
  created: { id: 'templates.apply.done', defaultMessage: 'Das Projekt wurde aus der Vorlage erstellt.', description: 'Popup after creating' },
}));
