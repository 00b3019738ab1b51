import { activityLogProjection } from './activity/activity-log.projection';
import { activitySettingsProjection } from './activity/activity-settings.projection';
import { commentsProjection } from './comments/comments.projection';
import { contactsProjection } from './contacts/contacts.projection';
import { contactGroupsProjection } from './contacts/groups/contact-groups.projection';
import { projectProjections } from './projects/project-projections';
import type { Projection } from './runtime/projection';
import { teamAgreementProjection } from './teams/team-agreement.projection';

// Every read model the projector runs; each feature adds its projection here.
export const allProjections: readonly Projection[] = [activityLogProjection, activitySettingsProjection, commentsProjection, contactsProjection, contactGroupsProjection, teamAgreementProjection, ...projectProjections];

export function findProjection(name: string, projections: readonly Projection[] = allProjections): Projection {
  const projection = projections.find((p) => p.name === name);
  if (!projection) throw new Error(`Unknown projection "${name}"; known: ${projections.map((p) => p.name).join(', ')}`);
  return projection;
}

/**
 * Connections a pool that runs the projections needs: each projection's runner keeps one session
 * for its advisory lock for as long as it runs, and its batches, the catch-up reads, the leases
 * and the retention purge need more beside them. A pool of exactly one per projection stalls
 * every projection without an error (each waits for a connection another holds), so the pool
 * grows with the projections: `others` is what the same pool serves besides them.
 */
export function projectorPoolSize(others = 6, projections: readonly Projection[] = allProjections): number {
  return projections.length + others;
}
