import { useIntl } from 'react-intl';
import { appMessages } from './app.messages';

export function ShellLoader() {
  const intl = useIntl();
  return <p className="loader" role="status">{intl.formatMessage(appMessages.loading)}</p>;
}
