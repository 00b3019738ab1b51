import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { privacySettingsMessages, settingsMessages } from './settings.messages';

// Cookie consent of spec section 4: 0 none (banner), 1 partial, 2 full. Functional cookies
// are required, so the choice here is between 1 and 2.
const CONSENT_KEY = 'planwerk.cookies';

function readConsent(): 1 | 2 {
  try {
    return localStorage.getItem(CONSENT_KEY) === '2' ? 2 : 1;
  } catch {
    return 1;
  }
}

export function PrivacySettingsPage() {
  const intl = useIntl();
  const [consent, setConsent] = useState<1 | 2>(readConsent);

  function choose(level: 1 | 2) {
    setConsent(level);
    try {
      localStorage.setItem(CONSENT_KEY, String(level));
    } catch {
      // Storage blocked: the choice lasts for this page.
    }
  }

  return (
    <>
      <section className="card" aria-labelledby="settings-privacy">
        <h2 id="settings-privacy">{intl.formatMessage(settingsMessages.privacy)}</h2>
        <fieldset className="radio-row">
          <legend>{intl.formatMessage(privacySettingsMessages.cookiesTitle)}</legend>
          {([1, 2] as const).map((level) => (
            <label key={level}>
              <input type="radio" name="cookies" checked={consent === level} onChange={() => choose(level)} />
              {intl.formatMessage(level === 1 ? privacySettingsMessages.functional : privacySettingsMessages.full)}
            </label>
          ))}
        </fieldset>
        <p className="hint">{intl.formatMessage(privacySettingsMessages.consentHint)}</p>
      </section>
      <section className="card" aria-labelledby="settings-privacy-data">
        <h2 id="settings-privacy-data">{intl.formatMessage(privacySettingsMessages.dataTitle)}</h2>
        <ul>
          <li><Link to={paths.accountData.href()}>{intl.formatMessage(privacySettingsMessages.export)}</Link></li>
          <li><Link to={paths.accountPrivacy.href()}>{intl.formatMessage(privacySettingsMessages.info)}</Link></li>
        </ul>
      </section>
    </>
  );
}
