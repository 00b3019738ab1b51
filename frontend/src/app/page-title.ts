import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { appMessages } from './app.messages';

// Tab title = product name plus section (spec section 2, navigation guard).
export function usePageTitle(section: string): void {
  const intl = useIntl();
  const product = intl.formatMessage(appMessages.productName);
  useEffect(() => {
    document.title = section === '' ? product : `${section} – ${product}`;
  }, [section, product]);
}
