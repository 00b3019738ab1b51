import { defineMessages } from 'react-intl';

export const startMessages = defineMessages({
  title: { id: 'start.startPage.title', defaultMessage: 'Willkommen bei Planwerk', description: 'Heading of the start page' },
  intro: {
    id: 'start.startPage.intro',
    defaultMessage: 'Plane Projekte, Listen, Formulare und Kalender gemeinsam mit deinem Team.',
    description: 'Introduction on the start page',
  },
  versions: { id: 'start.startPage.versions', defaultMessage: 'Versionen', description: 'Heading of the version box' },
  client: { id: 'start.startPage.client', defaultMessage: 'Diese App', description: 'Label of the client version' },
  web: { id: 'start.startPage.web', defaultMessage: 'Aktuelle Web-Version', description: 'Label of the server web version' },
  android: { id: 'start.startPage.android', defaultMessage: 'Android', description: 'Label of the Android version' },
  ios: { id: 'start.startPage.ios', defaultMessage: 'iOS', description: 'Label of the iOS version' },
  unknown: { id: 'start.startPage.unknown', defaultMessage: 'unbekannt', description: 'Version not known yet' },
  upToDate: { id: 'start.startPage.upToDate', defaultMessage: 'Du nutzt die aktuelle Version.', description: 'Client is current' },
  updateAvailable: {
    id: 'start.startPage.updateAvailable',
    defaultMessage: 'Eine neuere Version ist verfügbar.',
    description: 'Server is newer than the client',
  },
  feedback: { id: 'start.startPage.feedback', defaultMessage: 'Feedback geben', description: 'Link to the feedback page' },
});
