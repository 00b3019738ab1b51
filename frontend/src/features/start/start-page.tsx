import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { VERSION_COMPARISON } from '@planwerk/events/constants';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { useVersionInfo } from '../update';
import { startMessages } from './start.messages';

export function StartPage() {
  const intl = useIntl();
  const { client, info, comparison } = useVersionInfo();
  usePageTitle('');
  const unknown = intl.formatMessage(startMessages.unknown);
  const rows = [
    { label: startMessages.client, value: client, testId: 'client-version' },
    { label: startMessages.web, value: info?.version.web ?? unknown, testId: 'web-version' },
    { label: startMessages.android, value: info?.version.android ?? unknown, testId: 'android-version' },
    { label: startMessages.ios, value: info?.version.ios ?? unknown, testId: 'ios-version' },
  ];

  return (
    <div className="page">
      <h1>{intl.formatMessage(startMessages.title)}</h1>
      <p>{intl.formatMessage(startMessages.intro)}</p>
      <section className="card" aria-labelledby="start-versions">
        <h2 id="start-versions">{intl.formatMessage(startMessages.versions)}</h2>
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
            {intl.formatMessage(
              comparison === VERSION_COMPARISON.serverNewer ? startMessages.updateAvailable : startMessages.upToDate,
            )}
          </p>
        )}
      </section>
      <p>
        <Link className="button" to={paths.feedback.href()}>{intl.formatMessage(startMessages.feedback)}</Link>
      </p>
    </div>
  );
}
