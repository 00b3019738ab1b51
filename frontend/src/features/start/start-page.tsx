import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { useAppSelector } from '../../app/hooks';
import { startMessages } from './start.messages';
import './start.css';

// The signed-in home loads after the first view: its cards and their APIs stay out of the
// first download (issue 14: first view at most 200 KB gzip).
const Home = lazy(async () => ({ default: (await import('./home')).Home }));

function VisitorStart() {
  const intl = useIntl();
  return (
    <div className="page home">
      <h1>{intl.formatMessage(startMessages.title)}</h1>
      <p className="home-lead">{intl.formatMessage(startMessages.intro)}</p>
      <p className="home-actions">
        <Link className="button button--primary" to={paths.login.href()}>{intl.formatMessage(startMessages.login)}</Link>
        <Link className="button" to={paths.signup.href()}>{intl.formatMessage(startMessages.register)}</Link>
      </p>
      <p className="home-muted">{intl.formatMessage(startMessages.visitorHint)}</p>
    </div>
  );
}

export function StartPage() {
  const intl = useIntl();
  usePageTitle('');
  const user = useAppSelector((state) => (state.auth.status === 'signedIn' ? state.auth.user : null));
  if (!user) return <VisitorStart />;
  return (
    <div className="page home">
      <h1>{intl.formatMessage(startMessages.title)}</h1>
      <Suspense fallback={<p className="loader" aria-busy="true" />}>
        <Home name={user.vorname || user.name} />
      </Suspense>
    </div>
  );
}
