import { defineMessage, defineMessages } from 'react-intl';

export const updateMessages = defineMessages({
  title: { id: 'update.updateDialog.title', defaultMessage: 'Update verfügbar', description: 'Title of the update dialog' },
  text: {
    id: 'update.updateDialog.text',
    defaultMessage: 'Eine neue Version von Planwerk ist verfügbar. Bitte lade die Seite neu.',
    description: 'Reload prompt of the update dialog',
  },
  reload: { id: 'update.updateDialog.reload', defaultMessage: 'Neu laden', description: 'Reloads the page' },
  later: { id: 'update.updateDialog.later', defaultMessage: 'Später', description: 'Closes the update dialog' },
  notice: { id: 'update.versionNotice.notice', defaultMessage: 'Update verfügbar', description: 'Sidebar hint when the server is newer' },
});

export const versionNoticeVersion = defineMessage<{ version: string }>({
  id: 'update.versionNotice.version',
  defaultMessage: 'Version {version}',
  description: 'Client version in the sidebar',
});
