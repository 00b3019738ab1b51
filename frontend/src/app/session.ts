import { API_HEADERS, API_VERSION, LIMITS } from '@planwerk/events/constants';

// Identifiers every call carries (spec sections 7 and 9).
const DEVICE_KEY = 'planwerk.device';
const TOKEN_KEY = 'planwerk.token';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlphanumeric(length: number): string {
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  const limit = 256 - (256 % ALPHANUMERIC.length);
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
    }
  }
  return out;
}

function hexBlock(): string {
  const [value] = crypto.getRandomValues(new Uint16Array(1));
  return value.toString(16).padStart(4, '0');
}

// 4 groups of 2 hex blocks, e.g. 0a1b2c3d-4e5f6071-8293a4b5-c6d7e8f9.
export function createSessionId(): string {
  return Array.from({ length: 4 }, () => hexBlock() + hexBlock()).join('-');
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or blocked storage: the id then lives for this page only.
  }
}

function loadDeviceId(): string {
  const stored = readStorage(DEVICE_KEY);
  if (stored && stored.length === LIMITS.deviceIdLength) return stored;
  const created = randomAlphanumeric(LIMITS.deviceIdLength);
  writeStorage(DEVICE_KEY, created);
  return created;
}

// Created once per page load at start-up (spec section 4, start-up).
const sessionId = createSessionId();
const deviceId = loadDeviceId();

export function getDeviceId(): string {
  return deviceId;
}

export function getSessionId(): string {
  return sessionId;
}

function removeStorage(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

// The authorization value is "token.device"; a token is valid only above 5 characters.
function authorizationValue(): string | null {
  const token = readStorage(TOKEN_KEY);
  if (!token || token.length <= LIMITS.sessionTokenMinExclusive) return null;
  return `${token}.${deviceId}`;
}

/** The login answers carry `token.device`; only the token part is stored (spec section 9). */
export function storeSessionToken(answer: string): void {
  const dot = answer.lastIndexOf('.');
  writeStorage(TOKEN_KEY, dot > 0 ? answer.slice(0, dot) : answer);
}

export function clearSessionToken(): void {
  removeStorage(TOKEN_KEY);
}

/** `token.device` for the calls that name the session in their body (restore, logout), or null. */
export function sessionTokenValue(): string | null {
  return authorizationValue();
}

export function hasSessionToken(): boolean {
  return authorizationValue() !== null;
}

// Device name: the first 15 characters of the browser identifier (spec section 9).
export function deviceName(): string {
  return navigator.userAgent.slice(0, LIMITS.deviceNameLength);
}

export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    [API_HEADERS.sessionId]: sessionId,
    [API_HEADERS.deviceId]: deviceId,
    [API_HEADERS.apiVersion]: API_VERSION,
  };
  const authorization = authorizationValue();
  if (authorization) headers[API_HEADERS.authorization] = authorization;
  return headers;
}
