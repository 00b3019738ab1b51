import { feedbackEvents } from '../feedback/feedback.events';
import { mailEvents } from '../mail/mail.events';
import { passkeyEvents } from '../accounts/second-factor/passkey.events';
import { secondFactorEvents } from '../accounts/second-factor/second-factor.events';
import { EventCatalogue } from './event-catalogue';
import { activityEvents } from '../activity/activity.events';
import { signupEvents } from '../signups/signup.events';
import { commentEvents } from '../comments/comment.events';
import { membershipEvents } from '../teams/membership.events';
import { teamEvents } from '../teams/team.events';
import { agreementEvents } from '../teams/agreement.events';
import { supportEvents } from '../support/support.events';
import { contactEvents } from '../contacts/contact.events';
import { contactGroupEvents } from '../contacts/contact-group.events';
import { contactImportEvents } from '../contacts/contact-import.events';
import { memberEvents } from '../members/member.events';
import { contactExportEvents } from '../contacts/contact-export.events';
import { contactMergeEvents } from '../contacts/contact-merge.events';
import { userLinkEvents } from '../links/user-link.events';
import { accountEvents } from '../accounts/account.events';
import { socialEvents } from '../accounts/social/social.events';
import { projectEvents } from '../projects/project.events';
import { projectInviteEvents } from '../projects/project-invite.events';
import { signupNotificationEvents } from '../signups/signup-notification.events';
import { backupEvents } from '../backups/backup.events';

// Every feature adds its catalogue here; projectors refuse event types not listed.
export function createEventCatalogue(): EventCatalogue {
  return new EventCatalogue([...feedbackEvents, ...accountEvents, ...mailEvents, ...secondFactorEvents, ...passkeyEvents, ...socialEvents, ...userLinkEvents, ...teamEvents, ...agreementEvents, ...membershipEvents, ...commentEvents, ...projectEvents, ...projectInviteEvents, ...signupEvents, ...signupNotificationEvents, ...activityEvents, ...backupEvents, ...supportEvents, ...contactEvents, ...contactGroupEvents, ...memberEvents, ...contactExportEvents, ...contactMergeEvents, ...contactImportEvents]);
}
