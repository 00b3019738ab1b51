import type { ItemView, SignupView } from '../../projects';
import { forgetSignup, type CachedSignup } from '../link-cache';
import type { OwnSignup } from '../signup-dialog';

export type ShownOwnSignup = OwnSignup & { status: SignupView['status']; position: number | null };

/** Own sign-ups of an item: the server's (members) and the link cache's (visitors). */
export function ownSignups(projectId: string, version: number, item: ItemView, cached: CachedSignup[]): ShownOwnSignup[] {
  const own = item.mine.map((signup) => ({ signupId: signup.signupId, name: signup.name, values: signup.values, vote: signup.vote, status: signup.status, position: signup.position }));
  for (const entry of cached.filter((candidate) => candidate.itemId === item.itemId)) {
    if (own.some((signup) => signup.signupId === entry.signupId)) continue;
    const server = item.signups?.find((signup) => signup.signupId === entry.signupId);
    // Names visible, the view newer than the sign-up and the entry gone: it was cancelled
    // elsewhere (or by an admin). An older view simply does not show it yet.
    if (item.signups !== null && !server && version > entry.version) {
      forgetSignup(projectId, entry.signupId);
      continue;
    }
    own.push({
      signupId: entry.signupId, name: server?.name ?? entry.name, values: server?.values ?? null, vote: server?.vote ?? null,
      status: server?.status ?? entry.status, position: server ? server.position : entry.position, token: entry.token,
    } as ShownOwnSignup);
  }
  return own;
}
