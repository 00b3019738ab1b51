import { platformEndpoints } from '../platform/platform.endpoints';
import type { EndpointDefinition, ServiceName } from './endpoint';
import { assertUniqueEndpoints, findEndpoint } from './endpoint';
import { activityEndpoints } from '../activity/activity.endpoints';
import { feedbackEndpoints } from '../feedback/feedback.endpoints';
import { accountEndpoints } from '../accounts/account.endpoints';
import { secondFactorEndpoints } from '../accounts/second-factor/second-factor.endpoints';
import { socialEndpoints } from '../accounts/social/social.endpoints';
import { devEndpoints } from '../dev/dev.endpoints';
import { teamEndpoints } from '../teams/team.endpoints';
import { userLinkEndpoints } from '../links/user-link.endpoints';
import { bundleEndpoints } from '../bundle/bundle.endpoints';
import { membershipEndpoints } from '../teams/membership.endpoints';
import { agreementEndpoints } from '../teams/agreement.endpoints';
import { supportEndpoints } from '../support/support.endpoints';
import { contactEndpoints } from '../contacts/contact.endpoints';
import { contactGroupEndpoints } from '../contacts/contact-group.endpoints';
import { contactImportEndpoints } from '../contacts/contact-import.endpoints';
import { memberEndpoints } from '../members/member.endpoints';
import { contactExportEndpoints } from '../contacts/contact-export.endpoints';
import { contactMergeEndpoints } from '../contacts/contact-merge.endpoints';
import { projectCommandEndpoints } from '../projects/project.endpoints';
import { projectInviteEndpoints } from '../projects/project-invite.endpoints';
import { commentEndpoints } from '../comments/comment.endpoints';
import { signupEndpoints } from '../signups/signup.endpoints';
import { signupNotificationEndpoints } from '../signups/signup-notification.endpoints';
import { projectQueryEndpoints } from '../projects/project-queries.endpoints';
import { realtimeEndpoints } from '../realtime/realtime.endpoints';
import { backupEndpoints } from '../backups/backup.endpoints';
import { templateEndpoints } from '../templates/template.endpoints';
import { clientPlatformEndpoints } from '../platform/client-platform.endpoints';

// Every feature's endpoint list, once. The OpenAPI document and the gateway read this.
export const allEndpoints: readonly EndpointDefinition[] = [
  ...platformEndpoints,
  ...feedbackEndpoints,
  ...accountEndpoints,
  ...secondFactorEndpoints,
  ...socialEndpoints,
  ...devEndpoints,
  ...teamEndpoints,
  ...userLinkEndpoints,
  ...bundleEndpoints,
  ...membershipEndpoints,
  ...agreementEndpoints,
  ...supportEndpoints,
  ...contactEndpoints,
  ...contactGroupEndpoints,
  ...contactImportEndpoints,
  ...memberEndpoints,
  ...contactExportEndpoints,
  ...contactMergeEndpoints,
  ...projectCommandEndpoints,
  ...projectInviteEndpoints,
  ...templateEndpoints,
  ...commentEndpoints,
  ...signupEndpoints,
  ...signupNotificationEndpoints,
  ...activityEndpoints,
  ...projectQueryEndpoints,
  ...backupEndpoints,
  ...realtimeEndpoints,
  ...clientPlatformEndpoints,
];

assertUniqueEndpoints(allEndpoints);

/** The declared endpoint's service, or undefined when none matches `method path`. */
export function declaredServiceFor(
  method: string,
  path: string,
  endpoints: readonly EndpointDefinition[] = allEndpoints,
): ServiceName | undefined {
  return findEndpoint(endpoints, method, path)?.service;
}

/**
 * Which service answers `method path` (gateway routing). Undeclared paths follow the CQRS
 * split — reads (GET, HEAD) to the query service (openapi.json, health, the socket), writes
 * to the command service — so an unknown route still gets a wrapped 404 from a service.
 */
export function serviceFor(
  method: string,
  path: string,
  endpoints: readonly EndpointDefinition[] = allEndpoints,
): ServiceName {
  const declared = declaredServiceFor(method, path, endpoints);
  if (declared) return declared;
  const upper = method.toUpperCase();
  return upper === 'GET' || upper === 'HEAD' ? 'query' : 'command';
}
