import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { authApi } from '../../app/auth.api';
import { ApiErrorAlert } from '../../shared/form';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { deviceName, getDeviceId } from '../../app/session';
import { useCompleteSocialLoginMutation } from './accounts.api';
import { popupShown } from '../../app/ui.slice';
import { callbackMessages, callbackWelcomeMessage, linkMessages } from './accounts.messages';
import { useFinishLogin } from './use-finish-login';

// /callback: the social provider sends the browser back with state and code; the server
// verifies them and answers a session; the token restore brings the user data.
export function CallbackPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const title = intl.formatMessage(callbackMessages.title);
  usePageTitle(title);
  const [complete, { error: completeError }] = useCompleteSocialLoginMutation();
  const [restoreSession, { error: restoreError }] = authApi.useRestoreSessionMutation();
  // The session start after the provider's answer can fail too: it must not leave the page waiting.
  const error = completeError ?? restoreError;
  const [missingState, setMissingState] = useState(false);
  const finishLogin = useFinishLogin();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const state = search.get('state');
    if (!state) {
      setMissingState(true);
      return;
    }
    const optional = (name: 'code' | 'iss' | 'error' | 'error_description') => {
      const value = search.get(name);
      return value === null ? {} : { [name]: value };
    };
    void (async () => {
      const answer = await complete({
        state, device: getDeviceId(), name: deviceName(),
        ...optional('code'), ...optional('iss'), ...optional('error'), ...optional('error_description'),
      });
      if (!answer.data) return;
      const session = await restoreSession({ token: answer.data.token });
      if (!session.data) return;
      finishLogin(session.data);
      if (answer.data.action === 'setup') {
        dispatch(popupShown({ message: callbackWelcomeMessage, values: { name: session.data.user.vorname }, tone: 'success' }));
      }
    })();
  }, [search, complete, restoreSession, dispatch, finishLogin]);

  return (
    <div className="page">
      <h1>{title}</h1>
      {missingState ? (
        <p className="alert alert--danger" role="alert">{intl.formatMessage(callbackMessages.failed)}</p>
      ) : error ? (
        <ApiErrorAlert error={error} />
      ) : (
        <p role="status">{intl.formatMessage(callbackMessages.working)}</p>
      )}
      {(missingState || error) && <Link to={paths.login.href()}>{intl.formatMessage(linkMessages.toLogin)}</Link>}
    </div>
  );
}
