import {
  AccountRegistered,
  evolveProject,
  initialProjectState,
  isProjectEvent,
  projectStreamId,
  SocialAccountRegistered,
  type ExistingProject,
  type MailSourceContext,
} from '@planwerk/events';

// What the sign-up mail sources read from the log when a job runs (ADR 0006, ADR 0013): a
// member's address, name and language from the first events of `account-<userId>` (decrypted
// by the store; an erased account gives none), and a project as its stream folds now.

export interface AccountAddress {
  email: string;
  firstName: string | null;
  lastName: string | null;
  language: string;
}

export async function accountAddressOf(userId: string, context: MailSourceContext): Promise<AccountAddress | null> {
  const slice = await context.store.readStream(`account-${userId}`, { maxCount: 10 });
  for (const event of slice.events) {
    const schema = event.type === AccountRegistered.type ? AccountRegistered.schema : event.type === SocialAccountRegistered.type ? SocialAccountRegistered.schema : null;
    if (!schema) continue;
    const parsed = schema.safeParse(event.data);
    if (!parsed.success || typeof parsed.data.email !== 'string') return null;
    return { email: parsed.data.email, firstName: parsed.data.firstName ?? null, lastName: parsed.data.lastName ?? null, language: parsed.data.language };
  }
  return null;
}

/** The project as its stream folds now (also in the trash), or null when it does not exist. */
export async function projectOf(projectId: string, context: MailSourceContext): Promise<ExistingProject | null> {
  const slice = await context.store.readStream(projectStreamId(projectId));
  let state = initialProjectState();
  for (const event of slice.events) if (isProjectEvent(event)) state = evolveProject(state, event);
  return state.exists ? state : null;
}
