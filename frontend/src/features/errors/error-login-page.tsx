import { useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { lastRoute } from '../../app/route-meta';
import { guardMessages } from './errors.messages';

// error-login (spec section 5): a page that needs login was opened without one. The route
// was stored; the login page returns there.
export function ErrorLoginPage() {
  const intl = useIntl();
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const title = intl.formatMessage(guardMessages.loginTitle);
  usePageTitle(title);
  // A login in another tab: go on to the stored route at once.
  if (signedIn) return <Navigate to={lastRoute() ?? paths.start.href()} replace />;
  return (
    <div className="page page--centered">
      <p className="error-code" aria-hidden="true">401</p>
      <h1>{title}</h1>
      <p>{intl.formatMessage(guardMessages.loginText)}</p>
      <p className="actions actions--centered">
        <Link className="button button--primary" to={paths.login.href()}>{intl.formatMessage(guardMessages.loginButton)}</Link>
        <Link className="button" to={paths.signup.href()}>{intl.formatMessage(guardMessages.registerButton)}</Link>
      </p>
    </div>
  );
}
