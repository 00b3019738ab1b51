import {
  createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { API_BASE_PATH } from '@planwerk/events/constants';
import { appMessages } from './app.messages';
import { warnOnMismatch, type ContractArgs } from './contract';
import { sessionExpired } from './auth.slice';
import { isReloginPending, waitForRelogin } from './relogin';
import { hasSessionToken, requestHeaders } from './session';
import { maintenanceStarted, popupShown } from './ui.slice';

// The spec's error body (section 8) as the console sees it.
export interface ApiError {
  status: number;
  intern: number | string | null;
  text: string;
  // The input field that failed, on validation errors.
  field?: string;
  // Seconds until a limit lifts (login_throttled).
  retryAfterSeconds?: number;
  // The wrapper's body where an error carries one (the endpoint's `errorBody`, e.g. which limit a file broke).
  details?: unknown;
}

// Network failures count as status 500 with code 6952 (spec section 8).
export const NETWORK_ERROR_CODE = 6952;
const NETWORK_ERROR: ApiError = { status: 500, intern: NETWORK_ERROR_CODE, text: '' };

interface Wrapper {
  body: unknown;
  error: ApiError | null;
  status: number;
}

function isWrapper(value: unknown): value is Wrapper {
  return typeof value === 'object' && value !== null && 'body' in value && 'status' in value;
}

function asApiError(value: unknown, status: number): ApiError {
  if (typeof value === 'object' && value !== null) {
    const raw = value as Partial<Record<keyof ApiError, unknown>>;
    return {
      status: typeof raw.status === 'number' ? raw.status : status,
      intern: typeof raw.intern === 'number' || typeof raw.intern === 'string' ? raw.intern : null,
      text: typeof raw.text === 'string' ? raw.text : '',
      ...(typeof raw.field === 'string' ? { field: raw.field } : {}),
      ...(typeof raw.retryAfterSeconds === 'number' ? { retryAfterSeconds: raw.retryAfterSeconds } : {}),
    };
  }
  return { status, intern: null, text: '' };
}

function fromFetchError(error: FetchBaseQueryError): ApiError {
  if (typeof error.status !== 'number') return NETWORK_ERROR;
  if (isWrapper(error.data) && error.data.error) {
    const details = error.data.body;
    return { ...asApiError(error.data.error, error.status), ...(details !== null && details !== undefined ? { details } : {}) };
  }
  return { status: error.status, intern: null, text: '' };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE_PATH,
  prepareHeaders: (headers) => {
    for (const [name, value] of Object.entries(requestHeaders())) headers.set(name, value);
    return headers;
  },
});

// Session expired (spec section 8).
export const SESSION_EXPIRED = 6011;
// Under maintenance (spec section 8, 503): the maintenance screen takes over (ADR 0014).
export const UNDER_MAINTENANCE = 6950;

// The login calls themselves never wait for a relogin: they are how it ends.
const LOGIN_PATHS = new Set([
  'auth', 'auth/token', 'auth/secure', 'auth/logout', 'auth/activate', 'auth/parent-confirm', 'auth/reset',
  'auth/social/login', 'auth/social/state', 'webauthn/login',
]);

function pathOf(args: string | FetchArgs): string {
  const url = typeof args === 'string' ? args : args.url;
  return url.split('?')[0]?.replace(/^\/+/, '') ?? '';
}

type Result = Awaited<ReturnType<BaseQueryFn<string | FetchArgs, unknown, ApiError>>>;

// Unwraps { body, error, status }: the body becomes data, a wrapped error becomes the error.
// In development mode an answer is checked against its declaration's response schema (contract.ts).
async function callOnce(
  args: string | FetchArgs | ContractArgs, api: Parameters<typeof rawBaseQuery>[1], extraOptions: Parameters<typeof rawBaseQuery>[2],
): Promise<Result> {
  const [fetchArgs, route] = typeof args === 'string' || !('route' in args) ? [args, undefined] : withoutRoute(args);
  const result = await rawBaseQuery(fetchArgs, api, extraOptions);
  if (result.error) return { error: fromFetchError(result.error), meta: result.meta };
  const status = result.meta?.response?.status ?? 200;
  if (!isWrapper(result.data)) {
    return { error: { status: 500, intern: null, text: '' }, meta: result.meta };
  }
  if (result.data.error) return { error: asApiError(result.data.error, status), meta: result.meta };
  if (import.meta.env.DEV && route) void warnOnMismatch(route, result.data.body);
  return { data: result.data.body, meta: result.meta };
}

function withoutRoute({ route, ...fetchArgs }: ContractArgs): [FetchArgs, ContractArgs['route']] {
  return [fetchArgs, route];
}

/**
 * Spec section 4: a 6011 of a signed-in session opens the sign-out dialog and holds this call
 * and every later one until the user signed in again (then they are replayed) or went back.
 * Without a session a 6011 is the "not authorised" popup.
 */
export const wrappedBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (
  args, api, extraOptions,
) => {
  const held = !LOGIN_PATHS.has(pathOf(args));
  if (held && isReloginPending() && (await waitForRelogin()) === 'cancelled') {
    return { error: { status: 401, intern: SESSION_EXPIRED, text: '' } };
  }
  const hadSession = hasSessionToken();
  const result = await callOnce(args, api, extraOptions);
  if (result.error?.intern === UNDER_MAINTENANCE) api.dispatch(maintenanceStarted());
  if (!held || result.error?.intern !== SESSION_EXPIRED) return result;
  if (!hadSession) {
    api.dispatch(popupShown({ message: appMessages.unauthorised, tone: 'danger' }));
    return result;
  }
  api.dispatch(sessionExpired());
  const outcome = await waitForRelogin();
  return outcome === 'relogged' ? callOnce(args, api, extraOptions) : result;
};


// One API slice for /v5; every feature injects its endpoints (style.md, contracts).
export const api = createApi({
  reducerPath: 'api',
  baseQuery: wrappedBaseQuery,
  tagTypes: ['VersionInfo', 'Session', 'UserLinks', 'TeamAccess'],
  endpoints: () => ({}),
});
