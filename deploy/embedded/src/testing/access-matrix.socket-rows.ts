import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_PROJECT_SETTINGS,
  projectStreamId,
  type LiveMessage,
  type NewEvent,
  type ProjectVisibility,
} from '@planwerk/events';
import { appendEvents } from '@planwerk/platform';
import type { TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import { LiveTestClient } from '../../../../query-service/src/realtime/testing/live-test-client';
import type { MatrixContext } from './access-matrix.rows';

// Socket rows of the access matrix (issue 12, ADR 0009): who may follow a project over the
// realtime socket /v5/ws. A subscription answers `subscribed` or the public view's error, so
// a row names, per role, 'subscribed' or the refusal (6011 for "sign in first", else the HTTP
// status of the error). The matrix team gets one active project per visibility (and one in
// planning), given as events on their streams; the socket logs in with its own token.

export const SOCKET_ROLES = ['anonymous', 'otherTeam', 'member'] as const;
export type SocketRole = (typeof SOCKET_ROLES)[number];
export type SocketOutcome = 'subscribed' | number;

export interface SocketRow {
  label: string;
  project: ProjectVisibility | 'planning';
  expect: Record<SocketRole, SocketOutcome>;
}

export const SOCKET_ROWS: readonly SocketRow[] = [
  { label: 'a public project', project: 'public', expect: { anonymous: 'subscribed', otherTeam: 'subscribed', member: 'subscribed' } },
  { label: 'a project for signed-in users', project: 'login', expect: { anonymous: 6011, otherTeam: 'subscribed', member: 'subscribed' } },
  { label: 'a team project', project: 'team', expect: { anonymous: 6011, otherTeam: 403, member: 'subscribed' } },
  { label: 'an admins-only project', project: 'admins', expect: { anonymous: 6011, otherTeam: 403, member: 403 } },
  { label: 'an owner-only project', project: 'owner', expect: { anonymous: 6011, otherTeam: 403, member: 403 } },
  { label: 'a password project without the password', project: 'password', expect: { anonymous: 401, otherTeam: 401, member: 401 } },
  { label: 'a project in planning', project: 'planning', expect: { anonymous: 404, otherTeam: 404, member: 404 } },
];

const projects = new WeakMap<MatrixContext, Map<string, Promise<string>>>();

/** The matrix team's project of that kind (made once), visible in the read model. */
export function socketProject(ctx: MatrixContext, kind: SocketRow['project']): Promise<string> {
  let byKind = projects.get(ctx);
  if (!byKind) {
    byKind = new Map();
    projects.set(ctx, byKind);
  }
  let project = byKind.get(kind);
  if (!project) {
    project = giveProject(ctx, kind);
    byKind.set(kind, project);
  }
  return project;
}

async function giveProject(ctx: MatrixContext, kind: SocketRow['project']): Promise<string> {
  const projectId = randomUUID();
  const event = (type: string, data: unknown): NewEvent => ({
    eventId: randomUUID(), type, data,
    metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'system', id: 'access-matrix' }, teamId: ctx.teamId, schemaVersion: 1 },
  });
  const events = [event('ProjectCreated', {
    projectId, teamId: ctx.teamId, link: `mx-socket-${projectId.slice(0, 8)}`, name: 'Live', colour: 1, status: 3,
    visibility: kind === 'planning' ? 'public' : kind, settings: DEFAULT_PROJECT_SETTINGS, shareHash: randomBytes(12).toString('hex'), startDate: null,
    createdBy: ctx.client.users.get('owner')?.userId ?? '', createdAt: new Date().toISOString(), copiedFrom: null,
  })];
  if (kind !== 'planning') events.push(event('ProjectStatusChanged', { projectId, from: 3, to: 1 }));
  await appendEvents(ctx.pool, projectStreamId(projectId), events, 'no_stream');
  // The owner sees every project of the team: once it does, the read model has it.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await ctx.client.call('owner', 'GET', `/v5/team/${ctx.teamId}/project/${projectId}`);
    if (answer.status === 200) return projectId;
    if (Date.now() > deadline) throw new Error(`project ${kind} not in the read model: ${answer.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const socketUrl = (baseUrl: string, page: string, ident: string): string =>
  `${baseUrl.replace(/^http/, 'ws')}/v5/ws?channel=main&session=${page}&ident=${ident}`;
const pageId = (): string => Array.from({ length: 4 }, () => randomBytes(4).toString('hex')).join('-');

/** A socket of a new page, logged in with the user's own token (anonymous: no token). */
export async function socketOf(baseUrl: string, user: TestUser | undefined, page = pageId()): Promise<LiveTestClient> {
  const client = await LiveTestClient.connect(socketUrl(baseUrl, page, user?.deviceId ?? 'Anonym0001'));
  if (user) {
    client.send({ action: 'login', token: user.authorization });
    const { message } = await client.until('login');
    if ((message.data as { state: number }).state !== 2) throw new Error(`socket login refused for ${user.userId}`);
  }
  return client;
}

/** What one subscription answers: `subscribed`, or the refusal (6011, else the status). */
export async function subscribeOutcome(client: LiveTestClient, projectId: string): Promise<SocketOutcome> {
  client.send({ action: 'subscribe', project: projectId });
  const message: LiveMessage = await client.next();
  if (message.event === 'subscribed' && message.sub_id === projectId) return 'subscribed';
  const data = message.data as { status?: number; intern?: unknown };
  if (message.event === 'error' && typeof data.status === 'number') return data.intern === 6011 ? 6011 : data.status;
  throw new Error(`unexpected answer to a subscription: ${JSON.stringify(message)}`);
}

/**
 * The spoofing row: a member's page is logged in on its socket and follows the team project
 * (by message and over HTTP). Another socket presenting the same session and device id but
 * no token must hear nothing: no login, no subscription, no event of the project. Answers
 * what each socket received after an edit of the project.
 */
export async function spoofedSocket(ctx: MatrixContext, baseUrl: string): Promise<{ victim: string[]; thief: string[] }> {
  const member = ctx.client.users.get('member');
  if (!member) throw new Error('no member');
  const projectId = await socketProject(ctx, 'team');
  const page = pageId();
  const victim = await socketOf(baseUrl, member, page);
  if ((await subscribeOutcome(victim, projectId)) !== 'subscribed') throw new Error('the member could not follow the team project');
  const thief = await LiveTestClient.connect(socketUrl(baseUrl, page, member.deviceId));
  const headers = { 'x-device-id': member.deviceId, 'x-session-id': page, 'x-api-version': '5.0.1', authorization: member.authorization };
  for (const [method, path, body] of [['PUT', '/v5/wss/login', { uid: member.userId }], ['POST', `/v5/wss/subscribe/${projectId}`, undefined]] as const) {
    const answer = body === undefined
      ? await fetch(`${baseUrl}${path}`, { method, headers })
      : await fetch(`${baseUrl}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (answer.status !== 200) throw new Error(`${method} ${path} → ${answer.status}`);
  }
  const owner = ctx.client.users.get('owner');
  if (!owner) throw new Error('no owner');
  await ctx.client.ok('owner', 'PUT', `/v5/team/${ctx.teamId}/project/${projectId}`, { colour: 2 + Math.floor(Math.random() * 6) });
  const heard = async (client: LiveTestClient, untilEdit: boolean): Promise<string[]> => {
    const events: string[] = [];
    for (;;) {
      const message = await client.next(untilEdit ? 10_000 : 1_000).catch(() => null);
      if (message === null) return events;
      events.push(message.event);
      if (untilEdit && message.event === 'project-edit') return events;
    }
  };
  const victimHeard = await heard(victim, true);
  const thiefHeard = await heard(thief, false);
  await Promise.all([victim.close(), thief.close()]);
  return { victim: victimHeard, thief: thiefHeard };
}
