import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { errorsMessages, notFoundText } from './errors.messages';

export function NotFoundPage() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const title = intl.formatMessage(errorsMessages.notFoundTitle);
  usePageTitle(title);
  return (
    <div className="page page--centered">
      <p className="error-code" aria-hidden="true">404</p>
      <h1>{title}</h1>
      <p>{intl.formatMessage(notFoundText, { path: pathname })}</p>
      <Link className="button button--primary" to={paths.start.href()}>{intl.formatMessage(errorsMessages.home)}</Link>
    </div>
  );
}
