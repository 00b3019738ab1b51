import { findErrorEntry, isGenericLimitCode, type ErrorCode, type ErrorEntry } from './error-catalogue';

export type ErrorLanguage = 'de' | 'en';

/**
 * The button the client's error dialog offers (spec section 8: 6200 → team-setup, 6201 →
 * projects to change a status, 6205/6206 Upgrade / Upgrade Pro): a route name of spec
 * section 2 and a label key the client translates.
 */
export interface ErrorButton {
  target: string;
  label: string;
}

/** The error part of the response wrapper (spec section 3, "Error body"). */
export interface ErrorBody {
  status: number;
  intern: number | string;
  text: string;
  /** The input field that failed, for validation errors. */
  field?: string;
  button?: ErrorButton;
  /** When a limit lifts (login_throttled): the client tells the user how long to wait. */
  retryAfterSeconds?: number;
}

export interface ErrorOptions {
  field?: string;
  /** Values for `{name}` placeholders in the catalogue text. */
  params?: Record<string, string>;
  /** Sent to the client with the error (plan errors, spec section 8). */
  button?: ErrorButton;
  /** Sent to the client: seconds until a limit lifts. */
  retryAfterSeconds?: number;
  /** Extra context for logs; never sent to the client. */
  details?: unknown;
}

/**
 * A rule or request error with a catalogue code. Thrown by deciders, handlers and the HTTP
 * edge alike; the HTTP layer turns it into `{ status, intern, text }`.
 */
export class DomainError extends Error {
  readonly code: ErrorCode | number;
  readonly field?: string;
  readonly params?: Record<string, string>;
  readonly button?: ErrorButton;
  readonly retryAfterSeconds?: number;
  readonly details?: unknown;

  constructor(code: ErrorCode, options: ErrorOptions = {}) {
    super(describe(code, options));
    this.name = 'DomainError';
    this.code = code;
    this.field = options.field;
    this.params = options.params;
    this.button = options.button;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }

  /** A plan limit with a code of its own in 6201–6299 (or 601) that shares the generic message. */
  static limit(code: number, options: ErrorOptions = {}): DomainError {
    if (!isGenericLimitCode(code)) throw new RangeError(`${code} is not a limit code (601 or 6201–6299)`);
    const error = new DomainError(601, options);
    (error as { code: number }).code = code;
    return error;
  }

  get httpStatus(): number {
    return resolveEntry(this.code).httpStatus;
  }

  toBody(language: ErrorLanguage = 'de'): ErrorBody {
    return errorBody(this.code, { field: this.field, params: this.params, button: this.button, retryAfterSeconds: this.retryAfterSeconds, language });
  }
}

function describe(code: ErrorCode, options: ErrorOptions): string {
  const entry = resolveEntry(code);
  return `${code}: ${fill(entry.en, { field: options.field ?? '', ...options.params })}`;
}

function resolveEntry(code: number | string): ErrorEntry {
  const entry = findErrorEntry(code) ?? findErrorEntry('internal');
  if (!entry) throw new Error('The error catalogue has no "internal" entry');
  return entry;
}

function fill(text: string, params: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

export interface ErrorBodyOverrides {
  language?: ErrorLanguage;
  field?: string;
  params?: Record<string, string>;
  /** Replaces the catalogue text (e.g. a more precise message). */
  text?: string;
  button?: ErrorButton;
  retryAfterSeconds?: number;
}

/**
 * `{ status, intern, text }` for a code. Unknown codes answer as the generic 500, so a typo
 * never leaks as something else.
 */
export function errorBody(code: ErrorCode | number, overrides: ErrorBodyOverrides = {}): ErrorBody {
  const known = findErrorEntry(code);
  const entry = known ?? resolveEntry('internal');
  const language = overrides.language ?? 'de';
  const params = { field: overrides.field ?? '', ...overrides.params };
  const body: ErrorBody = {
    status: entry.httpStatus,
    intern: known ? code : entry.code,
    text: overrides.text ?? fill(entry[language], params),
  };
  if (overrides.field !== undefined) body.field = overrides.field;
  if (overrides.button !== undefined) body.button = { target: overrides.button.target, label: overrides.button.label };
  if (overrides.retryAfterSeconds !== undefined) body.retryAfterSeconds = overrides.retryAfterSeconds;
  return body;
}

/** German unless the client's Accept-Language prefers English over German (RFC 9110 q-values). */
export function preferredLanguage(acceptLanguage: string | undefined | null): ErrorLanguage {
  if (!acceptLanguage) return 'de';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag, ...rest] = part.trim().toLowerCase().split(';');
      const q = rest.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { primary: (tag ?? '').split('-')[0], q: q ? Number(q[1]) : 1, index };
    })
    .filter((r) => (r.primary === 'de' || r.primary === 'en') && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.primary === 'en' ? 'en' : 'de';
}
