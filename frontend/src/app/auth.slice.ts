import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// The spec's User fields the login answers carry (section 3).
export interface AccountUser {
  uid: string;
  name: string;
  vorname: string;
  nachname: string;
  mail: string;
  type: string;
  login_type: string;
  status: string;
  mail_status: string;
}

// Login session of spec section 4: a token restore runs first; 6011 marks the session expired
// until the user signs in again or goes back.
export type AuthStatus = 'restoring' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  user: AccountUser | null;
  expired: boolean;
}

const initialState: AuthState = { status: 'restoring', user: null, expired: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<AccountUser>) {
      state.status = 'signedIn';
      state.user = action.payload;
      state.expired = false;
    },
    signedOut(state) {
      state.status = 'signedOut';
      state.user = null;
      state.expired = false;
    },
    sessionExpired(state) {
      state.expired = true;
    },
  },
});

export const { signedIn, signedOut, sessionExpired } = authSlice.actions;

export function isAccountUser(value: unknown): value is AccountUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return typeof user.uid === 'string' && typeof user.mail === 'string';
}
