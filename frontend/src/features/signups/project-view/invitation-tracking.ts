import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../app/api';
import type { RootState } from '../../../app/store';
import { useReportInvitationMutation, type ProjectView } from '../../projects';

// The visitor's side of the invitation overview (issue 14). The mail's link is
// /{prjLink}#invite-<invitationId>: the page reports the opening once, keeps the id for this tab
// (sessionStorage, per project) and takes it out of the address bar, so a link copied from
// here does not count as that invitee; a sign-up made on the page afterwards is reported with
// its list and id. The reports carry nothing about the visitor and their answers are ignored.

const INVITE_HASH = /^#invite-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const storageKey = (projectId: string) => `planwerk.invite.${projectId}`;

function remembered(projectId: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(projectId));
  } catch {
    return null;
  }
}

function remember(projectId: string, invitationId: string): void {
  try {
    sessionStorage.setItem(storageKey(projectId), invitationId);
  } catch {
    // Private mode without storage: the opening still counts, a later sign-up does not.
  }
}

interface SignupMutation {
  endpointName?: string;
  status?: string;
  data?: unknown;
}

/** The list of an item of this project's view; null for an item it does not have. */
function listOfItem(view: ProjectView, itemId: unknown): string | null {
  if (typeof itemId !== 'string') return null;
  return view.lists.find((list) => list.items.some((item) => item.itemId === itemId))?.listId ?? null;
}

export function useInvitationTracking(view: ProjectView): void {
  const projectId = view.project.projectId;
  const [report] = useReportInvitationMutation();
  const store = useStore<RootState>();
  const location = useLocation();
  const navigate = useNavigate();
  const viewRef = useRef(view);
  viewRef.current = view;

  useEffect(() => {
    const match = INVITE_HASH.exec(location.hash);
    if (!match?.[1]) return;
    const invitationId = match[1].toLowerCase();
    remember(projectId, invitationId);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    void report({ projectId, invitationId, body: { step: 'opened' } });
  }, [projectId, location.hash, location.pathname, location.search, navigate, report]);

  useEffect(() => {
    const reported = new Set<string>();
    return store.subscribe(() => {
      const invitationId = remembered(projectId);
      if (invitationId === null) return;
      const mutations = store.getState()[api.reducerPath].mutations as Record<string, SignupMutation | undefined>;
      for (const mutation of Object.values(mutations)) {
        if (mutation?.endpointName !== 'addSignup' || mutation.status !== 'fulfilled') continue;
        const data = mutation.data as { signupId?: unknown; itemId?: unknown } | undefined;
        const signupId = data?.signupId;
        // A sign-up of this page: its item is one of this project's (the server checks again).
        const listId = listOfItem(viewRef.current, data?.itemId);
        if (typeof signupId !== 'string' || listId === null || reported.has(signupId)) continue;
        reported.add(signupId);
        void report({ projectId, invitationId, body: { step: 'signedUp', listId, signupId } });
      }
    });
  }, [projectId, store, report]);
}
