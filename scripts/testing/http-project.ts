import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { linkTokenOf } from '../../command-service/src/accounts/testing/register-test-user';

// Over a running command service's HTTP API, as a client does: a signed-in team owner, and a
// released project with one phase, one list open to anonymous visitors and one item (the
// bench's HTTP and sign-up rush cases and the sign-up fault test use it). The caller's
// AUTH_SECRET must be the service's: the activation token is derived from it.

const HEADERS = { 'x-device-id': 'BenchDev01', 'x-api-version': '5.0.1', 'content-type': 'application/json' };

/** Signs up, activates and logs in; answers the `authorization` header. */
export async function signInOverHttp(command: string, pool: Pool): Promise<{ authorization: string }> {
  const mail = `owner-${randomBytes(4).toString('hex')}@planwerk-test.de`;
  const pass = 'ein sicherer Satz 42';
  const registered = await ok(`${command}/v5/auth`, 'POST', { mail, vorname: 'Test', nachname: 'Owner', pass, pass2: pass, terms: true, privacy: true, cookies: true, age: true }, {});
  const token = await linkTokenOf(pool, 'AccountRegistered', registered.uid as string);
  await ok(`${command}/v5/auth/activate`, 'POST', { token }, {});
  const login = await ok(`${command}/v5/auth`, 'PUT', { mail, pass, device: 'BenchDev01', name: 'test' }, {});
  return { authorization: login.token as string };
}

/** A team of the signed-in owner; answers its id. */
export async function createTeamOverHttp(command: string, owner: { authorization: string }): Promise<string> {
  const team = await ok(`${command}/v5/team`, 'POST', { name: 'Testteam', link: `team-${randomBytes(4).toString('hex')}`, type: 'club' }, owner);
  return team.teamId as string;
}

export interface BenchProject { teamId: string; projectId: string; link: string; listId: string; itemId: string }

async function ok(url: string, method: string, body: unknown, headers: Record<string, string>): Promise<any> {
  const response = await fetch(url, { method, headers: { ...HEADERS, ...headers }, body: JSON.stringify(body) });
  const json = await response.json() as { body: any; error: unknown };
  if (response.status >= 300) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(json.error)}`);
  return json.body;
}

/** `capacity` null: unlimited places. */
export async function createBenchProject(command: string, owner: { authorization: string }, teamId: string, capacity: number | null, waitlist = false): Promise<BenchProject> {
  const link = `bench-${randomBytes(4).toString('hex')}`;
  const project = await ok(`${command}/v5/team/${teamId}/project`, 'POST', { link, name: 'Bench-Projekt' }, owner);
  const base = `${command}/v5/team/${teamId}/project/${project.projectId as string}`;
  const phase = await ok(`${base}/phase`, 'POST', { name: 'Aufbau' }, owner);
  const list = await ok(`${base}/phase/${phase.phaseId as string}/list`, 'POST', {
    name: 'Helfer', settings: { waitlist, maxPerPerson: null, allowAnonymous: true, showNames: 'all' },
  }, owner);
  const item = await ok(`${base}/list/${list.listId as string}/item`, 'POST', { name: 'Kuchen', capacity }, owner);
  await ok(`${base}/status`, 'PUT', { status: 1 }, owner);
  return { teamId, projectId: project.projectId, link: project.link ?? link, listId: list.listId, itemId: item.itemId };
}

export function signupPath(project: BenchProject): string {
  return `/v5/project/${project.projectId}/list/${project.listId}/signup`;
}
