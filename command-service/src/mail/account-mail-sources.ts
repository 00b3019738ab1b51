import {
  AccountRegistered,
  SocialAccountRegistered,
  accountLinkPaths,
  accountMailRequests,
  ActivationMailRequested,
  NewDeviceLoggedIn,
  ParentConfirmationRequested,
  PasswordResetRequested,
  type AccountMailTemplate,
  type EventDataOf,
  type MailSource,
  type MailSourceContext,
  type MailSources,
  type RecordedEvent,
} from '@planwerk/events';
import { linkTokenFor, type AuthKeys } from '@planwerk/platform';

// The account mails (ADR 0004, "Mail requests"): which events ask for which mail comes from
// `accountMailRequests`; the address, name and language come from the registration, the
// first event of `account-<userId>` (decrypted by the store); link tokens are recomputed
// from the id of the event that asked for the mail, so no token is stored anywhere.

type Registration = Pick<EventDataOf<typeof AccountRegistered>, 'email' | 'firstName' | 'language'>;

// Password and social accounts alike: whichever registration opened the stream.
async function registrationOf(userId: string, context: MailSourceContext): Promise<Registration | null> {
  const slice = await context.store.readStream(`account-${userId}`, { maxCount: 10 });
  for (const event of slice.events) {
    if (event.type === AccountRegistered.type) return AccountRegistered.schema.parse(event.data);
    if (event.type === SocialAccountRegistered.type) return SocialAccountRegistered.schema.parse(event.data);
  }
  return null;
}

function link(template: Exclude<AccountMailTemplate, 'new-device'>, keys: AuthKeys, event: RecordedEvent): string {
  return accountLinkPaths[template] + linkTokenFor(keys, event.eventId);
}

export function createAccountMailSources(keys: AuthKeys): MailSources {
  const byTemplate: Record<AccountMailTemplate, MailSource> = {
    activation: async (event, context) => {
      const registration = event.type === AccountRegistered.type
        ? AccountRegistered.schema.parse(event.data)
        : await registrationOf(ActivationMailRequested.schema.parse(event.data).userId, context);
      if (!registration) return null;
      return {
        template: 'activation', to: registration.email, toName: registration.firstName,
        language: registration.language, linkPath: link('activation', keys, event),
      };
    },
    'parent-confirmation': async (event, context) => {
      const data = ParentConfirmationRequested.schema.parse(event.data);
      const child = await registrationOf(data.userId, context);
      if (!child?.firstName) return null;
      return {
        template: 'parent-confirmation', to: data.parentEmail, language: child.language,
        params: { childName: child.firstName }, linkPath: link('parent-confirmation', keys, event),
      };
    },
    'password-reset': async (event, context) => {
      const registration = await registrationOf(PasswordResetRequested.schema.parse(event.data).userId, context);
      if (!registration) return null;
      return {
        template: 'password-reset', to: registration.email, toName: registration.firstName,
        language: registration.language, linkPath: link('password-reset', keys, event),
      };
    },
    'new-device': async (event, context) => {
      const data = NewDeviceLoggedIn.schema.parse(event.data);
      const registration = await registrationOf(data.userId, context);
      if (!registration) return null;
      return {
        template: 'new-device', to: registration.email, toName: registration.firstName,
        language: registration.language, // The browser's name can be empty; the device id still tells the person which device it was.
        params: { deviceName: data.deviceName || data.deviceId },
      };
    },
  };
  const sources: Record<string, MailSource> = {};
  for (const [type, template] of Object.entries(accountMailRequests)) {
    if (template) sources[type] = byTemplate[template];
  }
  return sources;
}
