import { defineMessage, defineMessages } from 'react-intl';

export const errorsMessages = defineMessages({
  notFoundTitle: { id: 'errors.notFoundPage.title', defaultMessage: 'Seite nicht gefunden', description: '404 heading' },
  home: { id: 'errors.notFoundPage.home', defaultMessage: 'Zur Startseite', description: 'Link back to the start page' },
});

export const notFoundText = defineMessage<{ path: string }>({
  id: 'errors.notFoundPage.text',
  defaultMessage: 'Die Seite {path} gibt es nicht (Fehler 404).',
  description: '404 explanation with the requested path',
});
