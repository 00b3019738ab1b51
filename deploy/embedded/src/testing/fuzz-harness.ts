import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';
import { registerTestUser, type TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import type { FuzzCaller, FuzzRequest } from './fuzz-requests';

// Sends fuzzed requests one at a time and checks what every answer must hold (security page,
// "Input"): never 5xx, always the `{ body, error, status }` wrapper, a 4xx changes nothing.

export interface FuzzAnswer {
  status: number;
  text: string;
  contentType?: string;
}

// File downloads (CSV, Excel) answer their file on success; errors stay the JSON wrapper.
const FILE_TYPES = /^(text\/csv|application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)\b/;

// Mail outcomes are appended later by the delivery worker for an earlier successful call
// (a sign-up, a reset), so they are not counted against the call under test.
const COUNT_EVENTS = "SELECT count(*)::int AS n FROM events WHERE type NOT IN ('MailDelivered', 'MailDeliveryFailed')";

export async function countEvents(pool: Pool): Promise<number> {
  return (await pool.query<{ n: number }>(COUNT_EVENTS)).rows[0]?.n ?? 0;
}

export async function send(request: FuzzRequest): Promise<FuzzAnswer> {
  // fetch encodes a string body as UTF-8 (a lone surrogate becomes U+FFFD): raw bytes go as they are.
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.bodyBytes ?? request.body, redirect: 'manual' });
  return { status: response.status, text: await response.text(), contentType: response.headers.get('content-type') ?? '' };
}

/** The reasons `answer` breaks the contract; empty when it holds. */
export function violations(answer: FuzzAnswer, eventsBefore: number, eventsAfter: number): string[] {
  const found: string[] = [];
  if (answer.status >= 200 && answer.status < 300 && FILE_TYPES.test(answer.contentType ?? '')) {
    return eventsAfter === eventsBefore ? [] : [`a download appended ${eventsAfter - eventsBefore} event(s)`];
  }
  let json: any;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return [...(answer.status >= 500 ? [`status ${answer.status}`] : []), `answer is not JSON: ${answer.text.slice(0, 200)}`];
  }
  // Spec section 3: another major of x-api-version answers 6951 with 503; no other 5xx is allowed.
  const outdated = answer.status === 503 && json?.error?.intern === 6951;
  if (answer.status >= 500 && !outdated) found.push(`status ${answer.status}`);
  if (json === null || typeof json !== 'object' || !('body' in json) || !('error' in json) || !('status' in json)) {
    return [...found, `answer is not the { body, error, status } wrapper: ${answer.text.slice(0, 200)}`];
  }
  if (json.status !== answer.status) found.push(`wrapper status ${json.status} differs from HTTP ${answer.status}`);
  if (answer.status >= 400) {
    const error = json.error;
    if (json.body !== null) found.push('an error answer carries a body');
    if (!error || (typeof error.intern !== 'number' && typeof error.intern !== 'string')) found.push(`error without intern code: ${JSON.stringify(error)}`);
    if (!error || typeof error.text !== 'string' || error.text.trim() === '') found.push(`error without text: ${JSON.stringify(error)}`);
    if ((answer.status < 500 || outdated) && eventsAfter !== eventsBefore) found.push(`a rejected call appended ${eventsAfter - eventsBefore} event(s)`);
  } else if (json.error !== null) {
    found.push(`a ${answer.status} answer carries an error: ${JSON.stringify(json.error)}`);
  }
  return found;
}

/** Calls the product and states every broken rule with the request that broke it. */
export async function checkedCall(pool: Pool, request: FuzzRequest): Promise<FuzzAnswer> {
  const before = await countEvents(pool);
  const answer = await send(request);
  const after = await countEvents(pool);
  const broken = violations(answer, before, after);
  if (broken.length > 0) {
    const shown = { ...request, body: request.body && request.body.length > 500 ? `${request.body.slice(0, 500)}… (${request.body.length} chars)` : request.body };
    throw new Error(`${broken.join('; ')}\nrequest: ${JSON.stringify(shown).slice(0, 3000)}\nanswer ${answer.status}: ${answer.text.slice(0, 500)}`);
  }
  return answer;
}

/**
 * A signed-in user (with a team of their own) whose session survives the fuzzer: a fuzzed
 * call may log it out, end its sessions or change its password, so each operation starts
 * with `ensureSignedIn`, which logs in again or registers a new user.
 */
export class FuzzUser {
  private user?: TestUser;
  private teams: { teamId: string; link: string }[] = [];
  private contacts: string[] = [];
  private registered = 0;

  constructor(private readonly origin: string, private readonly pool: Pool) {}

  caller(): FuzzCaller {
    if (!this.user) throw new Error('not signed in');
    return {
      deviceId: this.user.deviceId,
      authorization: this.user.authorization,
      known: {
        uid: [this.user.userId], userId: [this.user.userId],
        teamId: this.teams.map((t) => t.teamId), link: this.teams.map((t) => t.link), contactId: this.contacts,
      },
    };
  }

  async ensureSignedIn(): Promise<void> {
    if (this.user && (await this.call('GET', '/v5/user/sessions')).status === 200) return;
    if (this.user) {
      // Fuzzed logins from this device may have tripped the brute-force limit.
      await this.pool.query('DELETE FROM account_login_throttle');
      const login = await this.call('PUT', '/v5/auth', { mail: this.user.mail, pass: this.user.password, device: this.user.deviceId, name: 'Fuzz' });
      if (login.status === 200) {
        this.user = { ...this.user, authorization: JSON.parse(login.text).body.token };
        return;
      }
    }
    await this.register();
  }

  private async register(): Promise<void> {
    this.registered += 1;
    const app = {
      inject: async (request: { method: string; url: string; payload?: unknown }) => {
        const answer = await send({ method: request.method, url: `${this.origin}${request.url}`, headers: { 'content-type': 'application/json', 'x-api-version': '5.0.1' }, body: JSON.stringify(request.payload ?? {}) });
        return { statusCode: answer.status, body: answer.text, json: () => JSON.parse(answer.text) };
      },
    } as unknown as NestFastifyApplication;
    this.user = await registerTestUser(app, this.pool, { deviceId: `FuzzDev${String(this.registered).padStart(3, '0')}` });
    const link = `fuzz-${this.registered}-${Date.now().toString(36)}`;
    const team = await this.call('POST', '/v5/team', { name: 'Fuzz', link, type: 'club' });
    if (team.status >= 300) throw new Error(`team for the fuzz user → ${team.status} ${team.text}`);
    const teamId = JSON.parse(team.text).body.teamId as string;
    this.teams = [{ teamId, link }];
    // A contact of the team, so that contact calls with this caller's ids reach real data.
    const contact = await this.call('POST', `/v5/team/${teamId}/contact`, { details: { firstName: 'Fuzz', lastName: 'Kontakt' } });
    if (contact.status !== 201) throw new Error(`contact for the fuzz user → ${contact.status} ${contact.text}`);
    this.contacts = [JSON.parse(contact.text).body.contactId as string];
  }

  private call(method: string, path: string, body?: unknown): Promise<FuzzAnswer> {
    const headers: Record<string, string> = { 'x-api-version': '5.0.1', 'x-device-id': this.user?.deviceId ?? 'FuzzAnon01' };
    if (this.user) headers.authorization = this.user.authorization;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return send({ method, url: `${this.origin}${path}`, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }
}
