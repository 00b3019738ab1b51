import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { COOKIE_CONSENT } from '@planwerk/events/constants';
import { paths } from '../paths';
import { chooseCookieConsent, useCookieConsent } from './cookie-consent';
import { shellMessages } from './shell.messages';

// The cookie overlay of spec section 2, shown while the consent level is 0. Functional cookies
// are always required, so the choice is between "only those" (1) and "all" (2). It sits in the
// page flow rather than over it, so it never hides a control.
export function CookieBanner() {
  const intl = useIntl();
  const consent = useCookieConsent();
  if (consent !== COOKIE_CONSENT.none) return null;
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
      <h2 id="cookie-banner-title" className="cookie-banner__title">{intl.formatMessage(shellMessages.cookieTitle)}</h2>
      <p className="cookie-banner__text">
        {intl.formatMessage(shellMessages.cookieText)}{' '}
        <Link to={paths.accountPrivacy.href()}>{intl.formatMessage(shellMessages.cookiePrivacy)}</Link>
      </p>
      <div className="cookie-banner__actions">
        <button type="button" className="button" onClick={() => chooseCookieConsent(COOKIE_CONSENT.partial)}>
          {intl.formatMessage(shellMessages.cookieRequired)}
        </button>
        <button type="button" className="button button--primary" onClick={() => chooseCookieConsent(COOKIE_CONSENT.full)}>
          {intl.formatMessage(shellMessages.cookieAll)}
        </button>
      </div>
    </section>
  );
}
