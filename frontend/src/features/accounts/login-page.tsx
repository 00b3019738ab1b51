import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { errorCodeOf } from '../../app/api-error';
import { ApiErrorAlert, TextField } from '../../shared/form';
import { useAppSelector } from '../../app/hooks';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { lastRoute } from '../../app/route-meta';
import { deviceName, getDeviceId } from '../../app/session';
import { isSessionAnswer, useLogInMutation } from './accounts.api';
import { loginMessages } from './accounts.messages';
import { AlternativeLogins } from './alternative-logins';
import { SecondFactorStep } from './second-factor-step';
import { useFinishLogin } from './use-finish-login';

// /login: e-mail and password; a second factor when the answer asks for one; passkey and
// social login (spec sections 2, 4 and 7).
export function LoginPage() {
  const intl = useIntl();
  const title = intl.formatMessage(loginMessages.title);
  usePageTitle(title);
  const { status, expired } = useAppSelector((state) => state.auth);
  const [mail, setMail] = useState('');
  const [pass, setPass] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [logIn, { isLoading, error, reset }] = useLogInMutation();
  const finishLogin = useFinishLogin();

  // Already signed in (and no relogin pending): go on where the user was.
  if (status === 'signedIn' && !expired) return <Navigate to={lastRoute() ?? paths.start.href()} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await logIn({ mail: mail.trim(), pass, device: getDeviceId(), name: deviceName() });
    if (!result.data) return;
    if (isSessionAnswer(result.data)) finishLogin(result.data);
    else setChallenge(result.data.state);
  }

  return (
    <div className="page">
      <h1>{title}</h1>
      {expired && <p className="alert alert--info">{intl.formatMessage(loginMessages.relogin)}</p>}
      {challenge ? (
        <SecondFactorStep
          state={challenge}
          onCancel={() => {
            setChallenge(null);
            setPass('');
            reset();
          }}
        />
      ) : (
        <>
          <form className="form" onSubmit={(event) => void submit(event)} aria-label={title}>
            <TextField label={intl.formatMessage(loginMessages.mail)} type="email" autoComplete="username" value={mail} onValueChange={setMail} required />
            <TextField label={intl.formatMessage(loginMessages.password)} type="password" autoComplete="current-password" value={pass} onValueChange={setPass} required />
            <ApiErrorAlert error={error}>
              {errorCodeOf(error) === 6022 && (
                <Link to={paths.accountReset.href()}>{intl.formatMessage(loginMessages.resetNow)}</Link>
              )}
            </ApiErrorAlert>
            <div className="actions">
              <button type="submit" className="button button--primary" disabled={isLoading}>
                {intl.formatMessage(isLoading ? loginMessages.working : loginMessages.submit)}
              </button>
              <Link to={paths.accountReset.href()}>{intl.formatMessage(loginMessages.forgot)}</Link>
            </div>
          </form>
          <AlternativeLogins onSession={finishLogin} />
          <p>
            {intl.formatMessage(loginMessages.noAccount)}{' '}
            <Link to={paths.signup.href()}>{intl.formatMessage(loginMessages.register)}</Link>
          </p>
        </>
      )}
    </div>
  );
}
