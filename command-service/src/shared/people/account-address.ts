import { AccountRegistered, SocialAccountRegistered, type MailSourceContext } from '@planwerk/events';

// What a mail source reads about a member when its job runs (ADR 0006, ADR 0013): the address,
// name and language from the first events of `account-<userId>`, decrypted by the store; an
// erased account gives none, so no mail goes out on its behalf.

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
