import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LIVE_LOGIN_STATE, type LiveProjectMessage } from '@planwerk/events/realtime/live.constants';
import { noteCheckpoint } from '../../shared/read-your-writes';
import { api } from '../api';
import { useAppDispatch } from '../hooks';
import { paths } from '../paths';
import { liveConnection, onLiveLoginState } from './live-connection';

// Live updates of one project (spec section 4; ADR 0009). Events invalidate the RTK Query tags
// the project features provide, so the screens refetch in place:
// - features/projects: the admin tree `Project(projectId)`, the team overview `Projects(teamId)`;
// - features/signups: the public view and the embed `Project(projectId)` (and `ProjectView`);
// - features/comments: `Comments(path)`;
// - features/activity: "what changed" `ProjectChanges(projectId)`.
// project-edit reloads the project (its tag), project-delete goes back to start, and an edit or
// removal by someone else of the item open in an editor calls `onItemTaken` ("the item is taken").

// The tag types the project features register; added here so invalidation type-checks.
const liveApi = api.enhanceEndpoints({ addTagTypes: ['Project', 'Projects', 'ProjectView', 'Comments', 'ProjectChanges'] });

export interface ProjectLiveOptions {
  /** The item open in an editor on this page, if any. */
  editingItemId?: string | null;
  /** Called when someone else edited or removed `editingItemId`: close the editor with "the item is taken". */
  onItemTaken?: (itemId: string) => void;
  /** Called on project-delete (into the trash or purged), after the tags were invalidated; default: navigate to start. */
  onDeleted?: (message: LiveProjectMessage) => void;
  /** Every realtime event of the project, after the tags were invalidated. */
  onEvent?: (message: LiveProjectMessage) => void;
  /** The project password of a password project (read when the subscription starts). */
  password?: string;
}

type LiveTag =
  | { type: 'Project' | 'ProjectView' | 'Comments' | 'ProjectChanges'; id: string }
  | 'Projects';

/**
 * The tags a realtime event makes stale. The overview is tagged per team (`Projects(teamId)`)
 * and a realtime event carries no team id, so every team's overview is marked stale: only a
 * mounted overview refetches, and it is the project's own team in practice.
 */
export function staleTagsOf(message: LiveProjectMessage): LiveTag[] {
  const { projectId, path } = message.data;
  const tags: LiveTag[] = [
    { type: 'Project', id: projectId },
    { type: 'ProjectView', id: 'ANY' },
    { type: 'ProjectChanges', id: projectId },
  ];
  if (message.event.startsWith('comment-') && path) tags.push({ type: 'Comments', id: path });
  // Names, status and sign-up counts show in the team's overview too.
  if (message.event.startsWith('project-') || message.event.startsWith('signup-')) tags.push('Projects');
  return tags;
}

/** Whether an event means someone else changed the item open in an editor. */
export function takesItem(message: LiveProjectMessage, editingItemId: string | null | undefined): boolean {
  if (!editingItemId || message.data.mine || message.data.itemId !== editingItemId) return false;
  return message.event === 'item-edit' || message.event === 'item-delete';
}

/** Follows a project over the realtime socket while the component is mounted (no-op on embeds). */
export function useProjectLive(projectId: string | null | undefined, options: ProjectLiveOptions = {}): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!projectId) return undefined;
    const connection = liveConnection();
    if (!connection) return undefined;
    const { live } = connection;
    const id: string = projectId;
    const stale = (message?: LiveProjectMessage) => {
      dispatch(liveApi.util.invalidateTags(message ? staleTagsOf(message) : [{ type: 'Project', id }, { type: 'ProjectView', id: 'ANY' }, { type: 'ProjectChanges', id }]));
    };

    let stopped = false;
    let refused = false;
    // A subscribe that overtook the socket's login (both answer asynchronously) is refused for
    // a project only members see; it is tried again once per login.
    let loginsSeen = 0;
    let retriedAt = -1;
    let unsubscribe = () => {};

    const retry = () => {
      if (stopped || !refused || live.loginState !== LIVE_LOGIN_STATE.loggedIn || retriedAt === loginsSeen) return;
      retriedAt = loginsSeen;
      start();
    };

    function start() {
      refused = false;
      const password = latest.current.password;
      unsubscribe = live.subscribe(id, {
        onEvent: (message) => {
          const current = latest.current;
          // The refetches wait until their read model has applied the event (the feed waits
          // for the project tree and comments only; the activity log is read with it too).
          noteCheckpoint(message.data);
          stale(message);
          if (message.event === 'project-delete') {
            if (current.onDeleted) current.onDeleted(message);
            else void navigate(paths.start.href());
            return;
          }
          if (takesItem(message, current.editingItemId)) current.onItemTaken?.(message.data.itemId ?? '');
          current.onEvent?.(message);
        },
        onResync: () => stale(),
        onEnded: (reason) => {
          if (reason !== 'client') stale();
        },
        onError: () => {
          refused = true;
          retry();
        },
      }, password ? { password } : {});
    }

    const stopListening = onLiveLoginState((state) => {
      if (state !== LIVE_LOGIN_STATE.loggedIn) return;
      loginsSeen += 1;
      retry();
    });
    start();
    return () => {
      stopped = true;
      stopListening();
      unsubscribe();
    };
  }, [projectId, dispatch, navigate]);
}
