import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { errorsMessages, notFoundText } from './errors.messages';

/** `detail`: why, when a route knows more (a project link that matches no project). */
export function NotFoundPage({ detail }: { detail?: string } = {}) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const title = intl.formatMessage(errorsMessages.notFoundTitle);
  usePageTitle(title);
  return (
    <div className="page page--centered">
      <p className="error-code" aria-hidden="true">404</p>
      <h1>{title}</h1>
      {detail ? <p className="error-detail" role="status">{detail}</p> : null}
      <p>{intl.formatMessage(notFoundText, { path: pathname })}</p>
      <Link className="button button--primary" to={paths.start.href()}>{intl.formatMessage(errorsMessages.home)}</Link>
    </div>
  );
}
