import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { privacyMessages } from './accounts.messages';

// /account/privacy (named route account-privacy): what is stored, and the person's rights.
export function PrivacyPage() {
  const intl = useIntl();
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const title = intl.formatMessage(privacyMessages.title);
  usePageTitle(title);
  return (
    <div className="page">
      <h1>{title}</h1>
      <p>{intl.formatMessage(privacyMessages.intro)}</p>
      {signedIn && (
        <section className="card" aria-labelledby="privacy-rights">
          <h2 id="privacy-rights">{intl.formatMessage(privacyMessages.rights)}</h2>
          <ul>
            <li><Link to={paths.accountData.href()}>{intl.formatMessage(privacyMessages.export)}</Link></li>
            <li><Link to={paths.settingsPrivacy.href()}>{intl.formatMessage(privacyMessages.settings)}</Link></li>
            <li><Link to={paths.settingsDelete.href()}>{intl.formatMessage(privacyMessages.delete)}</Link></li>
          </ul>
        </section>
      )}
    </div>
  );
}
