import {
  evolveProject,
  initialProjectState,
  isProjectEvent,
  projectStreamId,
  type ExistingProject,
  type MailSourceContext,
} from '@planwerk/events';

// What the sign-up mail sources read from the log when a job runs (ADR 0006, ADR 0013): a
// member's address (shared/people/account-address.ts) and a project as its stream folds now.

export { accountAddressOf, type AccountAddress } from '../shared/people/account-address';

/** The project as its stream folds now (also in the trash), or null when it does not exist. */
export async function projectOf(projectId: string, context: MailSourceContext): Promise<ExistingProject | null> {
  const slice = await context.store.readStream(projectStreamId(projectId));
  let state = initialProjectState();
  for (const event of slice.events) if (isProjectEvent(event)) state = evolveProject(state, event);
  return state.exists ? state : null;
}
