import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { VERSION_COMPARISON } from '@planwerk/events/constants';
import { useVersionInfo } from './use-version-info';

const messages = defineMessages({
  versions: { id: 'update.versionInfo.versions', defaultMessage: 'Versionen', description: 'Heading of the version facts (help dialog)' },
  client: { id: 'update.versionInfo.client', defaultMessage: 'Diese App', description: 'Label of the client version' },
  web: { id: 'update.versionInfo.web', defaultMessage: 'Aktuelle Web-Version', description: 'Label of the server web version' },
  android: { id: 'update.versionInfo.android', defaultMessage: 'Android', description: 'Label of the Android version' },
  ios: { id: 'update.versionInfo.ios', defaultMessage: 'iOS', description: 'Label of the iOS version' },
  unknown: { id: 'update.versionInfo.unknown', defaultMessage: 'unbekannt', description: 'Version not known yet' },
  upToDate: { id: 'update.versionInfo.upToDate', defaultMessage: 'Du nutzt die aktuelle Version.', description: 'Client is current' },
  updateAvailable: { id: 'update.versionInfo.updateAvailable', defaultMessage: 'Eine neuere Version ist verfügbar.', description: 'Server is newer than the client' },
});

// The versions of this app and of the platforms (spec sections 3 and 7), for the help dialog:
// the meta tag answers at once, the API refreshes it.
export function VersionInfo() {
  const intl = useIntl();
  const titleId = useId();
  const { client, info, comparison } = useVersionInfo();
  const unknown = intl.formatMessage(messages.unknown);
  const rows = [
    { label: messages.client, value: client, testId: 'client-version' },
    { label: messages.web, value: info?.version.web ?? unknown, testId: 'web-version' },
    { label: messages.android, value: info?.version.android ?? unknown, testId: 'android-version' },
    { label: messages.ios, value: info?.version.ios ?? unknown, testId: 'ios-version' },
  ];
  return (
    <section className="version-info" aria-labelledby={titleId}>
      <h3 id={titleId}>{intl.formatMessage(messages.versions)}</h3>
      <dl className="facts">
        {rows.map((row) => (
          <div key={row.testId} className="facts__row">
            <dt>{intl.formatMessage(row.label)}</dt>
            <dd data-testid={row.testId}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {info && (
        <p role="status">
          {intl.formatMessage(comparison === VERSION_COMPARISON.serverNewer ? messages.updateAvailable : messages.upToDate)}
        </p>
      )}
    </section>
  );
}
