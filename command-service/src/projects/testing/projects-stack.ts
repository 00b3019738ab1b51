import type { GrantableLevel, MemberAccessMap } from '@planwerk/events';
import type { TestUser } from '../../accounts/testing/register-test-user';
import { auth, startTeamsStack, type ServiceStackOptions } from '../../teams/testing/teams-stack';

export { auth, HEADERS } from '../../teams/testing/teams-stack';

export interface TestTeam {
  teamId: string;
  link: string;
  owner: TestUser;
  admin: TestUser;
  /** A plain member (level member, no area). */
  member: TestUser;
  /** Level space with manage_prj. */
  space: TestUser;
}

export interface TestProjectTree {
  projectId: string;
  link: string;
  phaseId: string;
  listId: string;
  itemIds: string[];
}

export interface ProjectTreeOptions {
  /** The project's fields (POST …/project); a unique link is chosen unless given. */
  project?: Record<string, unknown>;
  /** The list's fields (POST …/phase/{phaseId}/list). */
  list?: Record<string, unknown>;
  /** One entry per item (POST …/list/{listId}/item); default: two items with capacity 2. */
  items?: Array<Record<string, unknown>>;
  /** Release the project (3 → 1, by the owner). */
  release?: boolean;
  /** Who creates it; the team's owner by default. */
  by?: TestUser;
}

let counter = 0;
const unique = (prefix: string): string => `${prefix}-${Date.now().toString(36)}-${(counter += 1).toString(36)}`;

/**
 * The teams stack (command and query service on one fresh database) with helpers to make a team (owner,
 * admin, member and space users) and a project tree through the HTTP API. For the projects
 * HTTP tests and the features built on projects (sign-ups, comments, queries).
 */
export async function startProjectsStack(prefix: string, options: ServiceStackOptions = {}) {
  const services = await startTeamsStack(prefix, { ...options, devMode: options.devMode === true });
  const { command } = services;

  const send = async (user: TestUser | null, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    command.inject({ method, url, headers: auth(user), ...(payload !== undefined ? { payload } : {}) });

  const expectOk = async (what: string, response: Awaited<ReturnType<typeof send>>): Promise<Record<string, unknown>> => {
    if (response.statusCode >= 300) throw new Error(`${what} failed (${response.statusCode}): ${response.body}`);
    return response.json().body as Record<string, unknown>;
  };

  const stack = {
    ...services,
    send,

    /** Joins a user to a team through an invite link of its owner. */
    async addMember(teamId: string, owner: TestUser, user: TestUser, level: GrantableLevel, access: MemberAccessMap = {}): Promise<void> {
      const invited = await expectOk('invitation', await send(owner, 'POST', `/v5/team/${teamId}/invitations`, { channel: 'link', level, access }));
      const token = (invited.path as string).split('/').pop();
      await expectOk('joining', await send(user, 'POST', '/v5/account/invite', { data: token }));
    },

    /** A team on the free plan with an owner, an admin, a plain member and a space user with manage_prj. */
    async createTeam(): Promise<TestTeam> {
      const [owner, admin, member, space] = [await stack.register(), await stack.register(), await stack.register(), await stack.register()];
      const link = unique('team');
      const created = await expectOk('team creation', await send(owner, 'POST', '/v5/team', { name: `Team ${link}`, link, type: 'club' }));
      const teamId = created.teamId as string;
      await stack.addMember(teamId, owner, admin, 'admin');
      await stack.addMember(teamId, owner, member, 'member');
      await stack.addMember(teamId, owner, space, 'space', { manage_prj: [] });
      return { teamId, link, owner, admin, member, space };
    },

    /** POST /v5/team/{teamId}/project; returns the raw response. */
    createProject(user: TestUser | null, teamId: string, payload: Record<string, unknown> = {}) {
      return send(user, 'POST', `/v5/team/${teamId}/project`, { link: unique('prj'), name: 'Sommerfest', ...payload });
    },

    /** A project with one phase, one list and its items, made through the HTTP API. */
    async createProjectTree(team: TestTeam, tree: ProjectTreeOptions = {}): Promise<TestProjectTree> {
      const by = tree.by ?? team.owner;
      const project = await expectOk('project creation', await stack.createProject(by, team.teamId, tree.project ?? {}));
      const projectId = project.projectId as string;
      const base = `/v5/team/${team.teamId}/project/${projectId}`;
      const phase = await expectOk('phase', await send(by, 'POST', `${base}/phase`, { name: 'Aufbau' }));
      const phaseId = phase.phaseId as string;
      const list = await expectOk('list', await send(by, 'POST', `${base}/phase/${phaseId}/list`, { name: 'Helfer', ...(tree.list ?? {}) }));
      const listId = list.listId as string;
      const itemIds: string[] = [];
      for (const item of tree.items ?? [{ name: 'Kuchen', capacity: 2 }, { name: 'Getränke', capacity: 2 }]) {
        const added = await expectOk('item', await send(by, 'POST', `${base}/list/${listId}/item`, item));
        itemIds.push(added.itemId as string);
      }
      if (tree.release === true) await expectOk('release', await send(team.owner, 'PUT', `${base}/status`, { status: 1 }));
      return { projectId, link: project.link as string, phaseId, listId, itemIds };
    },
  };
  return stack;
}

export type ProjectsStack = Awaited<ReturnType<typeof startProjectsStack>>;
