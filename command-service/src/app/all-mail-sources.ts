import { combineMailSources, type MailSources } from '@planwerk/events';
import { type AuthKeys } from '@planwerk/platform';
import { createAccountMailSources } from '../mail/account-mail-sources';
import { createMembershipMailSources } from '../memberships/membership-mail-sources';
import { createProjectInviteMailSources } from '../projects/project-invite-mail-sources';
import { createSignupMailSources } from '../signups/signup-mail-sources';
import { createOrganiserNotificationMailSources } from '../signups/organiser-notifications-mail-sources';
import { createSupportMailSources } from '../support/support-mail-sources';

// Every feature that sends mail adds its sources here (like the event catalogue).
// `supportAddress`: the operator's address for support requests (supportMailTo); without it
// (tests that do not deliver them) SupportRequested causes no mail.
export function createMailSources(deps: { authKeys: AuthKeys; supportAddress?: string }): MailSources {
  return combineMailSources(
    createAccountMailSources(deps.authKeys), createMembershipMailSources(), createSignupMailSources(deps.authKeys), createProjectInviteMailSources(), createOrganiserNotificationMailSources(),
    deps.supportAddress === undefined ? {} : createSupportMailSources({ supportAddress: deps.supportAddress }),
  );
}
