import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { appMessages, signedInAsMessage } from './app.messages';
import { logOut } from './auth-session';
import { useAppDispatch, useAppSelector } from './hooks';
import { paths } from './paths';

// Avatar tools of the shell (spec section 2): who is signed in, settings and logout; or the
// ways in when nobody is.
export function AccountTools() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { status, user } = useAppSelector((state) => state.auth);

  if (status === 'restoring') return null;
  if (!user) {
    return (
      <div className="account-tools">
        <Link className="button button--primary" to={paths.login.href()}>{intl.formatMessage(appMessages.signIn)}</Link>
        <Link className="button" to={paths.signup.href()}>{intl.formatMessage(appMessages.register)}</Link>
      </div>
    );
  }
  return (
    <div className="account-tools">
      <p className="account-tools__user" data-testid="signed-in-user">
        {intl.formatMessage(signedInAsMessage, { name: user.name || user.mail })}
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          void logOut(dispatch).then(() => navigate(paths.login.href()));
        }}
      >
        {intl.formatMessage(appMessages.signOut)}
      </button>
    </div>
  );
}
