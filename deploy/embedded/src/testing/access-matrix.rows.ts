import type { Pool } from 'pg';
import type { TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import { MATRIX_ROLES, type Answer, type MatrixClient, type MatrixRole } from './access-matrix.fixture';

// What a row of the access matrix is, and the one-word expectations rows are written with.

export interface MatrixContext { teamId: string; link: string; client: MatrixClient; pool: Pool }
export type Values = Record<string, string>;

/**
 * The expected outcome for a role: a status, 6011 for "not signed in" (401 with intern 6011),
 * or `allowed` for "anything but an access denial" (public calls with a deliberately cheap
 * body may answer a validation error; 401, 403 and 6011 fail the row).
 */
export type Expected = number | 'allowed';

/**
 * `me` is whom the call is about: the role's own user, for anonymous the `target` user (an
 * anonymous caller who knows that user's mail, token or link), or with `fresh` a new user
 * holding the role, for rows that end sessions, reset passwords or delete accounts.
 */
type Build<T> = (ctx: MatrixContext, role: MatrixRole, me: TestUser) => T | Promise<T>;

export interface MatrixRow {
  /** `METHOD /path/{param}` exactly as in allEndpoints. */
  endpoint: string;
  /** Tells rows of the same endpoint apart. */
  label?: string;
  expect: Record<MatrixRole, Expected>;
  fresh?: boolean;
  /** Path parameters besides teamId and link, built fresh for each role's call. */
  params?: Build<Values>;
  /** Query string parameters. */
  query?: Build<Values>;
  body?: Build<unknown>;
  /** Puts the team back after a successful call (a member who left joins again, ...). */
  after?: (ctx: MatrixContext, role: MatrixRole, answer: Answer) => Promise<void>;
  /** The part of the answer that carries the decision (a bundle part), when not the answer. */
  observe?: (answer: Answer) => Answer;
}

export const MEMBERS: readonly MatrixRole[] = ['owner', 'admin', 'spaceWith', 'spaceWithout', 'itemWith', 'itemWithout', 'member'];
export const ADMINS: readonly MatrixRole[] = ['owner', 'admin'];
export const USERS: readonly MatrixRole[] = MATRIX_ROLES.filter((role) => role !== 'anonymous');

/** `ok` for the listed roles; anonymous 6011; another team's member 404; other members `denied`. */
export function allow(ok: number, roles: readonly MatrixRole[], denied = 403, overrides: Partial<Record<MatrixRole, Expected>> = {}): Record<MatrixRole, Expected> {
  const result: Record<MatrixRole, Expected> = everyone(denied);
  for (const role of roles) result[role] = ok;
  if (!roles.includes('anonymous')) result.anonymous = 6011;
  if (!roles.includes('otherTeam')) result.otherTeam = 404;
  return { ...result, ...overrides };
}

/** The same outcome for every role, signed in or not. */
export function everyone(outcome: Expected): Record<MatrixRole, Expected> {
  return Object.fromEntries(MATRIX_ROLES.map((role) => [role, outcome])) as Record<MatrixRole, Expected>;
}

/** Public: nobody is denied, anonymous included. */
export const PUBLIC = everyone('allowed');

/** One's own resource: every signed-in role gets `ok`, anonymous `anonymous` (6011). */
export function self(ok: Expected, anonymous: number = 6011): Record<MatrixRole, Expected> {
  return { ...everyone(ok), anonymous };
}

/** The comparable outcome of an answer: its status, 6011 for a 401 that says "not signed in". */
export function outcomeOf(answer: Answer): number {
  return answer.status === 401 && answer.json?.error?.intern === 6011 ? 6011 : answer.status;
}

// A 401 is a denial when it says "not signed in" or "not authorised"; a wrong TOTP code or an
// unknown login state or passkey challenge (also 401) is an answer about the input.
const DENIED_401 = new Set<unknown>([6011, 'unauthorized']);

/** Whether the answer refuses the caller (any 403, or a 401 about who is calling). */
export function isDenial(answer: Answer): boolean {
  return answer.status === 403 || (answer.status === 401 && DENIED_401.has(answer.json?.error?.intern));
}

/** What the row saw for a role, in the terms of its expectation. */
export function judge(expected: Expected, answer: Answer): Expected {
  if (expected !== 'allowed') return outcomeOf(answer);
  // A crash is no answer about the input either.
  return isDenial(answer) || answer.status >= 500 ? outcomeOf(answer) : 'allowed';
}
