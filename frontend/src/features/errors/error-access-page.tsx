import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { errorsMessages, guardMessages } from './errors.messages';

function ErrorPage({ code, title, text }: { code: string; title: MessageDescriptor; text: MessageDescriptor }) {
  const intl = useIntl();
  const heading = intl.formatMessage(title);
  usePageTitle(heading);
  return (
    <div className="page page--centered">
      <p className="error-code" aria-hidden="true">{code}</p>
      <h1>{heading}</h1>
      <p>{intl.formatMessage(text)}</p>
      <Link className="button button--primary" to={paths.start.href()}>{intl.formatMessage(errorsMessages.home)}</Link>
    </div>
  );
}

// error-access (spec section 5): the level or access map does not allow the route.
export function ErrorAccessPage() {
  return <ErrorPage code="403" title={guardMessages.accessTitle} text={guardMessages.accessText} />;
}

export function ErrorTeamPage() {
  return <ErrorPage code="404" title={guardMessages.teamTitle} text={guardMessages.teamText} />;
}
