import { useState } from 'react';
import { useIntl } from 'react-intl';
import { VERSION_COMPARISON } from '@planwerk/events/constants';
import { UpdateDialog } from './update-dialog';
import { updateMessages, versionNoticeVersion } from './update.messages';
import { useVersionInfo } from './use-version-info';

// Sidebar version with update notice; opens the update dialog once when the server is newer.
export function VersionNotice() {
  const intl = useIntl();
  const { client, comparison } = useVersionInfo();
  const [dismissed, setDismissed] = useState(false);
  const serverNewer = comparison === VERSION_COMPARISON.serverNewer;

  return (
    <div className="version-notice">
      <span>{intl.formatMessage(versionNoticeVersion, { version: client })}</span>
      {serverNewer && (
        <button type="button" className="link-button version-notice__update" onClick={() => setDismissed(false)}>
          {intl.formatMessage(updateMessages.notice)}
        </button>
      )}
      <UpdateDialog open={serverNewer && !dismissed} onClose={() => setDismissed(true)} />
    </div>
  );
}
