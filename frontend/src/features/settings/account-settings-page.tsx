import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { accountSettingsMessages, settingsMessages } from './settings.messages';

// /settings/account: who the account is and where its other settings are.
export function AccountSettingsPage() {
  const intl = useIntl();
  const user = useAppSelector((state) => state.auth.user);
  if (!user) return null;
  const rows = [
    { label: accountSettingsMessages.name, value: user.name || `${user.vorname} ${user.nachname}`.trim() },
    { label: accountSettingsMessages.mail, value: user.mail },
    {
      label: accountSettingsMessages.loginType,
      value: intl.formatMessage(user.login_type === 'password' ? accountSettingsMessages.password : accountSettingsMessages.socialType),
    },
  ];
  return (
    <section className="card" aria-labelledby="settings-account">
      <h2 id="settings-account">{intl.formatMessage(settingsMessages.account)}</h2>
      <dl className="facts">
        {rows.map((row) => (
          <div key={row.label.id} className="facts__row">
            <dt>{intl.formatMessage(row.label)}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <ul>
        {user.login_type === 'password' && <li><Link to={paths.accountReset.href()}>{intl.formatMessage(accountSettingsMessages.changePassword)}</Link></li>}
        <li><Link to={paths.settingsSecure.href()}>{intl.formatMessage(accountSettingsMessages.security)}</Link></li>
        <li><Link to={paths.accountData.href()}>{intl.formatMessage(accountSettingsMessages.data)}</Link></li>
      </ul>
    </section>
  );
}
