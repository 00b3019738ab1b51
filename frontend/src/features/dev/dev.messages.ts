import { defineMessages } from 'react-intl';

export const devMessages = defineMessages({
  sidebarEntry: { id: 'dev.sidebar.entry', defaultMessage: 'Entwicklerwerkzeuge', description: 'Sidebar entry to the developer tools, shown in development mode only' },
  pageTitle: { id: 'dev.devPage.title', defaultMessage: 'Entwicklerwerkzeuge', description: 'Title of the developer tools page (/dev)' },
  title: { id: 'dev.mailbox.title', defaultMessage: 'Postfach', description: 'Heading of the local mailbox' },
  intro: {
    id: 'dev.mailbox.intro',
    defaultMessage: 'Ohne SMTP-Server landen alle Mails hier. Öffne eine Mail und folge ihrem Link, um zum Beispiel ein Konto zu aktivieren.',
    description: 'Explains the local mailbox of development mode',
  },
  refresh: { id: 'dev.mailbox.refresh', defaultMessage: 'Aktualisieren', description: 'Reloads the mailbox' },
  list: { id: 'dev.mailbox.list', defaultMessage: 'Empfangene Mails', description: 'Label of the list of received mails' },
  empty: { id: 'dev.mailbox.empty', defaultMessage: 'Noch keine Mails empfangen.', description: 'The mailbox is empty' },
  loadFailed: { id: 'dev.mailbox.loadFailed', defaultMessage: 'Das Postfach konnte nicht geladen werden.', description: 'The mailbox request failed' },
  to: { id: 'dev.mailbox.to', defaultMessage: 'An', description: 'Label of the recipient' },
  received: { id: 'dev.mailbox.received', defaultMessage: 'Empfangen', description: 'Label of the time a mail arrived' },
  language: { id: 'dev.mailbox.language', defaultMessage: 'Sprache', description: 'Label of the mail language' },
  text: { id: 'dev.mailbox.text', defaultMessage: 'Text', description: 'Heading of the plain text of a mail' },
  links: { id: 'dev.mailbox.links', defaultMessage: 'Links in dieser Mail', description: 'Heading of the list of links found in a mail' },
  noLinks: { id: 'dev.mailbox.noLinks', defaultMessage: 'Diese Mail enthält keine Links.', description: 'A mail without links' },
  html: { id: 'dev.mailbox.html', defaultMessage: 'HTML-Ansicht', description: 'Expander showing the HTML version of a mail' },
  htmlFrame: { id: 'dev.mailbox.htmlFrame', defaultMessage: 'HTML-Version der Mail', description: 'Accessible title of the frame with the HTML mail' },
  choose: { id: 'dev.mailbox.choose', defaultMessage: 'Wähle eine Mail aus der Liste.', description: 'Hint while no mail is open' },
});
