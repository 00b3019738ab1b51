import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { COOKIE_CONSENT } from '@planwerk/events/constants';
import { paths } from '../../app/paths';
import { chooseCookieConsent, useCookieConsent } from '../../app/shell/cookie-consent';
import { privacySettingsMessages, settingsMessages } from './settings.messages';

// Cookie consent of spec section 4: 0 none (banner), 1 partial, 2 full. Functional cookies
// are required, so the choice here is between 1 and 2; it is the one the cookie banner keeps.
export function PrivacySettingsPage() {
  const intl = useIntl();
  const consent = useCookieConsent();

  return (
    <>
      <section className="card" aria-labelledby="settings-privacy">
        <h2 id="settings-privacy">{intl.formatMessage(settingsMessages.privacy)}</h2>
        <fieldset className="radio-row">
          <legend>{intl.formatMessage(privacySettingsMessages.cookiesTitle)}</legend>
          {([COOKIE_CONSENT.partial, COOKIE_CONSENT.full] as const).map((level) => (
            <label key={level}>
              <input type="radio" name="cookies" checked={consent === level} onChange={() => chooseCookieConsent(level)} />
              {intl.formatMessage(level === COOKIE_CONSENT.partial ? privacySettingsMessages.functional : privacySettingsMessages.full)}
            </label>
          ))}
        </fieldset>
        <p className="hint">{intl.formatMessage(privacySettingsMessages.consentHint)}</p>
      </section>
      <section className="card" aria-labelledby="settings-privacy-data">
        <h2 id="settings-privacy-data">{intl.formatMessage(privacySettingsMessages.dataTitle)}</h2>
        <ul className="link-list">
          <li><Link to={paths.accountData.href()}>{intl.formatMessage(privacySettingsMessages.export)}</Link></li>
          <li><Link to={paths.accountPrivacy.href()}>{intl.formatMessage(privacySettingsMessages.info)}</Link></li>
        </ul>
      </section>
    </>
  );
}
