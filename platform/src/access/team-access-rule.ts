// What an endpoint declares with `@RequiresTeamAccess` and how both services' guards decide it:
// one implementation, so a command and a query with the same rule answer alike.
import {
  DomainError,
  checkAccess,
  type AccessRequest,
  type MemberLevel,
  type AccessArea,
} from '@planwerk/events';
import type { Queryable } from '../store/postgres/append-events';
import { loadTeamMembership, type CallerMembership } from './team-member.sql';

/** Where a value comes from: a path parameter, a body field or a query parameter. */
export type RequestValueSource = `param:${string}` | `body:${string}` | `query:${string}`;

export type TeamAccessRule =
  | { kind: 'area'; area: AccessArea; item?: RequestValueSource; /** 2 required (area-wide actions) */ full?: boolean }
  | { kind: 'levels'; levels: readonly MemberLevel[] }
  | { kind: 'team' };

export interface TeamAccessOptions {
  /** Where the team id or link slug is; `param:teamId` unless said otherwise. */
  team?: RequestValueSource;
}

export interface RequestValues {
  params: unknown;
  body: unknown;
  query: unknown;
}

/** The value a source names, when it is a non-empty string. */
export function readRequestValue(values: RequestValues, source: RequestValueSource): string | undefined {
  const colon = source.indexOf(':');
  const where = source.slice(0, colon) as 'param' | 'body' | 'query';
  const name = source.slice(colon + 1);
  const container = where === 'param' ? values.params : where === 'body' ? values.body : values.query;
  if (container === null || typeof container !== 'object' || !Object.prototype.hasOwnProperty.call(container, name)) return undefined;
  const value = (container as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export interface TeamAccessGrant extends CallerMembership {
  member: NonNullable<CallerMembership['member']>;
  result: 2 | 1;
}

/**
 * Decides a rule for a request: 6011 without a signed-in user; 404 for a team that does not
 * exist or that the caller is not an active member of (the same answer, so no id from another
 * team tells anything); `no_permission` (403) when the level lacks the area.
 */
export async function authorizeTeamAccess(
  db: Queryable,
  userId: string | null,
  rule: TeamAccessRule,
  options: TeamAccessOptions,
  values: RequestValues,
): Promise<TeamAccessGrant> {
  if (userId === null) throw new DomainError(6011);
  const teamRef = readRequestValue(values, options.team ?? 'param:teamId');
  if (teamRef === undefined) throw new DomainError('validation_failed', { field: (options.team ?? 'param:teamId').split(':')[1] });
  const membership = await loadTeamMembership(db, teamRef, userId);
  if (membership === null || membership.member === null) throw new DomainError('not_found');
  const result = checkAccess(membership.member, toAccessRequest(rule, values));
  if (result === false || (rule.kind === 'area' && rule.full === true && result !== 2)) throw new DomainError('no_permission');
  return { ...membership, member: membership.member, result };
}

function toAccessRequest(rule: TeamAccessRule, values: RequestValues): AccessRequest {
  switch (rule.kind) {
    case 'area': {
      if (rule.item === undefined) return { kind: 'area', area: rule.area };
      // A declared item must be there: without it the check would fall back to the area.
      const itemId = readRequestValue(values, rule.item);
      if (itemId === undefined) throw new DomainError('validation_failed', { field: rule.item.split(':')[1] });
      return { kind: 'area', area: rule.area, itemId };
    }
    case 'levels':
      return { kind: 'levels', levels: rule.levels };
    case 'team':
      return { kind: 'team' };
    default:
      return assertNever(rule);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected team access rule ${JSON.stringify(value)}`);
}
