import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { LIMITS } from '@planwerk/events/constants';
import { api, UNDER_MAINTENANCE } from './api';
import { authApi, type SessionAnswer } from './auth.api';
import { isAccountUser, signedIn, signedOut } from './auth.slice';
import { preferencesApi } from './preferences.api';
import { sidebarModeChosen, themeChosen, viewOptionChosen } from './preferences.slice';
import { syncLiveLogin } from './realtime/live-connection';
import { finishRelogin } from './relogin';
import { clearSessionToken, sessionTokenValue, storeSessionToken } from './session';

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

const MAINTENANCE_RESTORE_RETRY_MS = 5_000;

// Spec section 7: broadcast channel messages login (token, user data) and logout.
type AuthMessage = { type: 'login'; token: string; user: unknown } | { type: 'logout' };

const channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('planwerk.auth');

async function applyServerPreferences(dispatch: Dispatch, uid: string): Promise<void> {
  const result = await dispatch(preferencesApi.endpoints.getUserPreferences.initiate(uid, { subscribe: false }));
  if (!result.data) return;
  dispatch(themeChosen(result.data.theme));
  dispatch(sidebarModeChosen(result.data.sidebar));
  dispatch(viewOptionChosen(result.data.viewOpt));
}

function signInLocally(dispatch: Dispatch, answer: SessionAnswer): void {
  storeSessionToken(answer.token);
  // The sockets follow the session (spec section 7: wss/login, socket/login).
  syncLiveLogin();
  dispatch(signedIn(answer.user));
  // Held calls of a pending relogin are replayed now (spec section 4).
  finishRelogin('relogged');
  void applyServerPreferences(dispatch, answer.user.uid);
}

function signOutLocally(dispatch: Dispatch): void {
  clearSessionToken();
  syncLiveLogin();
  finishRelogin('cancelled');
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
}

/** A login answer (password, second factor, passkey, social) starts the session in every tab. */
export function completeLogin(dispatch: Dispatch, answer: SessionAnswer): void {
  signInLocally(dispatch, answer);
  channel?.postMessage({ type: 'login', token: answer.token, user: answer.user } satisfies AuthMessage);
}

/** Logout: revoked on the server (best effort), then ended here and in the other tabs. */
export async function logOut(dispatch: Dispatch): Promise<void> {
  const token = sessionTokenValue();
  if (token) await dispatch(authApi.endpoints.logOut.initiate({ token }));
  signOutLocally(dispatch);
  channel?.postMessage({ type: 'logout' } satisfies AuthMessage);
}

/** A session the server already ended (6011 "Back", account deleted) ends here and in other tabs. */
export function endSessionLocally(dispatch: Dispatch): void {
  signOutLocally(dispatch);
  channel?.postMessage({ type: 'logout' } satisfies AuthMessage);
}

/** Start-up (spec section 4): listen to the other tabs, then restore a stored token. */
export async function startAuth(dispatch: Dispatch): Promise<void> {
  channel?.addEventListener('message', (event: MessageEvent<AuthMessage>) => {
    const message = event.data;
    if (message.type === 'login' && typeof message.token === 'string' && isAccountUser(message.user)) {
      signInLocally(dispatch, { token: message.token, user: message.user });
    } else if (message.type === 'logout') {
      signOutLocally(dispatch);
    }
  });
  const token = sessionTokenValue();
  const tokenPart = token?.split('.')[0] ?? '';
  // A restored token must be longer than 10 characters (spec section 5).
  if (!token || tokenPart.length <= LIMITS.restoredTokenMinExclusive) {
    dispatch(signedOut());
    return;
  }
  let result = await dispatch(authApi.endpoints.restoreSession.initiate({ token }));
  // Under maintenance (6950) the token is kept and the restore waits (the maintenance screen is
  // up meanwhile): maintenance must not sign anyone out (ADR 0014).
  while (result.error && 'intern' in result.error && result.error.intern === UNDER_MAINTENANCE) {
    await new Promise((resolve) => setTimeout(resolve, MAINTENANCE_RESTORE_RETRY_MS));
    result = await dispatch(authApi.endpoints.restoreSession.initiate({ token }));
  }
  if (result.data) {
    signInLocally(dispatch, result.data);
    return;
  }
  // A network failure keeps the token for the next start; a refused token is dropped.
  if (result.error && 'intern' in result.error && result.error.intern !== 6952) {
    clearSessionToken();
    syncLiveLogin();
  }
  dispatch(signedOut());
}
