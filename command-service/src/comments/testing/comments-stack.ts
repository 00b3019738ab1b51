import { randomUUID } from 'node:crypto';
import {
  createEventCatalogue,
  DEFAULT_LIST_SETTINGS,
  DEFAULT_PROJECT_SETTINGS,
  OPEN_WINDOW,
  projectStreamId,
  type NewEvent,
  type ProjectVisibility,
} from '@planwerk/events';
import { findProjection, startProjector, type RunningProjector } from '@planwerk/projector';
import type { TestUser } from '../../accounts/testing/register-test-user';
import { auth, startProjectsStack } from '../../projects/testing/projects-stack';

export { auth, HEADERS } from '../../projects/testing/projects-stack';

export interface TestProject {
  teamId: string;
  projectId: string;
  listId: string;
  itemId: string;
}

/**
 * The projects stack (command and query service on one fresh database) with the `comments`
 * projection publishing to the query service's notifier. Projects are given as events on their stream.
 */
export async function startCommentsStack(prefix: string) {
  const base = await startProjectsStack(prefix, { queryOptions: { minCheckpointTimeoutMs: 10_000 } });
  const { pool, store, notifier, command } = base;
  const projector: RunningProjector = startProjector({
    pool, store, catalogue: createEventCatalogue(), notifier, projections: [findProjection('comments')], tuning: { idleMs: 20 },
  });

  const given = (streamId: string, events: Array<{ type: string; data: unknown }>, teamId: string | null): Promise<unknown> =>
    store.append(streamId, events.map((e): NewEvent => ({
      eventId: randomUUID(), type: e.type, data: e.data,
      metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'system', id: 'test' }, teamId, schemaVersion: 1 },
    })));

  return {
    ...base,
    /** A team of `owner` on the free plan; returns its id (the projects stack's team has more members). */
    async createTeam(owner: TestUser, link: string): Promise<string> {
      const created = await command.inject({ method: 'POST', url: '/v5/team', headers: auth(owner), payload: { name: `Team ${link}`, link, type: 'club' } });
      if (created.statusCode !== 201) throw new Error(`team creation failed: ${created.body}`);
      return created.json().body.teamId as string;
    },
    /** An active project with one phase, one list and one item, as its stream holds it. */
    async givenProject(teamId: string, owner: TestUser, visibility: ProjectVisibility = 'team'): Promise<TestProject> {
      const projectId = randomUUID();
      const phaseId = randomUUID();
      const listId = randomUUID();
      const itemId = randomUUID();
      await given(projectStreamId(projectId), [
        {
          type: 'ProjectCreated', data: {
            projectId, teamId, link: `p-${projectId.slice(0, 8)}`, name: 'Sommerfest', colour: 1, status: 3, visibility,
            settings: DEFAULT_PROJECT_SETTINGS, shareHash: 'aaaaaaaaaaaaaaaaaaaaaa', startDate: null, createdBy: owner.userId,
            createdAt: new Date().toISOString(), copiedFrom: null,
          },
        },
        { type: 'ProjectStatusChanged', data: { projectId, from: 3, to: 1 } },
        { type: 'PhaseAdded', data: { projectId, phaseId, name: 'Aufbau', description: '', folderId: null, copiedFrom: null } },
        {
          type: 'ListAdded', data: {
            projectId, listId, phaseId, type: 1, name: 'Kuchen', description: '', window: OPEN_WINDOW, attendance: 'automatic',
            fields: [], settings: DEFAULT_LIST_SETTINGS, copiedFrom: null,
          },
        },
        {
          type: 'ItemAdded', data: {
            projectId, listId, itemId, name: 'Apfelkuchen', description: '', capacity: 1, vote: null, date: null, time: null, copiedFrom: null,
          },
        },
      ], teamId);
      return { teamId, projectId, listId, itemId };
    },
    async givenProjectEvents(project: TestProject, events: Array<{ type: string; data: unknown }>): Promise<void> {
      await given(projectStreamId(project.projectId), events, project.teamId);
    },
    async close(): Promise<void> {
      await projector.stop();
      await base.close();
    },
  };
}

export type CommentsStack = Awaited<ReturnType<typeof startCommentsStack>>;
