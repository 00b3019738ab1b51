import { loadTeamMembership } from '../access/team-member.sql';
import {
  evolveProject,
  initialProjectState,
  type ProjectState,
  isProjectEvent,
  projectStreamId,
  type ProjectEvent,
  type EventStore,
  type CommentViewer,
} from '@planwerk/events';
import type { Queryable } from '../store/postgres/append-events';

/** The project folded from its stream (the truth, never lagging). */
export async function loadProjectState(store: Pick<EventStore, 'readStream'>, projectId: string): Promise<ProjectState> {
  const slice = await store.readStream(projectStreamId(projectId));
  let state = initialProjectState();
  for (const event of slice.events) {
    if (isProjectEvent(event)) state = evolveProject(state, { type: event.type, data: event.data } as ProjectEvent);
  }
  return state;
}

/**
 * The viewer of a project's comments: their membership of the project's team (inline tables)
 * and whether their e-mail is confirmed. Project passwords are not taken here: on a password
 * project only the team's managers and members who may see it otherwise read and write comments.
 */
export async function loadCommentViewer(db: Queryable, project: ProjectState, userId: string | null): Promise<CommentViewer> {
  if (userId === null || !project.exists) return { userId, verified: false, membership: null, passwordOk: false };
  const membership = await loadTeamMembership(db, project.teamId, userId);
  const account = await db.query('SELECT activated FROM account_logins WHERE user_id = $1::uuid', [userId]);
  const row = account.rows[0] as { activated?: unknown } | undefined;
  return {
    userId,
    verified: row?.activated === true,
    membership: membership?.member ? { level: membership.member.level, access: membership.member.access } : null,
    passwordOk: false,
  };
}
