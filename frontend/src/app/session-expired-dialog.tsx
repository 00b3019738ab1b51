import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { errorCodeMessage } from '../features/errors/error-codes.messages';
import { SESSION_EXPIRED } from './api';
import { appMessages } from './app.messages';
import { endSessionLocally } from './auth-session';
import { useAppDispatch, useAppSelector } from './hooks';
import { paths } from './paths';

// 6011 of a signed-in session (spec section 8): the sign-out dialog with Back and Sign in. The
// held calls wait for the new login (spec section 4) and are replayed after it.
export function SessionExpiredDialog() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const expired = useAppSelector((state) => state.auth.expired);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const text = errorCodeMessage(SESSION_EXPIRED);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (expired && !dialog.open) dialog.showModal();
    if (!expired && dialog.open) dialog.close();
  }, [expired]);

  function back() {
    endSessionLocally(dispatch);
    void navigate(paths.start.href());
  }

  function signIn() {
    ref.current?.close();
    void navigate(paths.login.href());
  }

  return (
    <dialog
      ref={ref}
      className="dialog dialog--danger"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // Exit false: only the two buttons close it (spec section 4, message layers).
        event.preventDefault();
      }}
    >
      <h2 id={titleId}>{intl.formatMessage(appMessages.sessionExpiredTitle)}</h2>
      <p id={textId}>{text ? intl.formatMessage(text) : null}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={back}>{intl.formatMessage(appMessages.sessionExpiredBack)}</button>
        <button type="button" className="button button--primary" onClick={signIn}>{intl.formatMessage(appMessages.sessionExpiredSignIn)}</button>
      </div>
    </dialog>
  );
}
