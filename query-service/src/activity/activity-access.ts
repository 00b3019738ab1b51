import { DomainError } from '@planwerk/events';
import { type TeamAccessGrant } from '@planwerk/platform';
import type { ActivityFilter } from './list-activity.repository';

/**
 * manage_active (spec section 6): owner, admin and full access see the whole log; a space or
 * item member with the area listed (result 1) sees the entries of the listed projects only.
 * A project filter outside the list is refused, not silently emptied.
 */
export function scopeToAccess<F extends Pick<ActivityFilter, 'project' | 'projectIds'>>(grant: TeamAccessGrant, filter: F): F {
  if (grant.result === 2) return filter;
  const listed = grant.member.access.manage_active ?? [];
  if (filter.project !== undefined) {
    if (!listed.includes(filter.project)) throw new DomainError('no_permission', { field: 'project' });
    return filter;
  }
  // One project is a plain equality (its index serves the keyset order); several are a set.
  return listed.length === 1 ? { ...filter, project: listed[0] } : { ...filter, projectIds: listed };
}
