// Dependency tags of bundle answers (ADR 0005a). A bundle names the tags of what it read; an
// event or a projection change bumps the tags of what it touched.
export const userTag = (userId: string): string => `user:${userId}`;
export const teamTag = (teamId: string): string => `team:${teamId}`;
export const teamLinkTag = (link: string): string => `team-link:${link.toLowerCase()}`;
export const projectionTag = (projection: string): string => `projection:${projection}`;

// Stream prefixes → tag, longest prefix first: `team-link-x` is a slug, `team-<uuid>` a team.
const STREAM_TAGS: ReadonlyArray<readonly [string, (rest: string) => string | null]> = [
  ['team-link-', teamLinkTag],
  ['team-members-', teamTag],
  ['team-owner-', userTag],
  ['user-links-', userTag],
  ['user-preferences-', userTag],
  ['account-email-', () => null],
  ['account-', userTag],
  ['team-', teamTag],
];

const ID_FIELDS: ReadonlyArray<readonly [string, (id: string) => string]> = [
  ['userId', userTag],
  ['teamId', teamTag],
  ['ccId', teamTag],
];

export interface TaggableEvent {
  streamId: string;
  metadata: { teamId: string | null };
  data: unknown;
}

/**
 * What an appended event may have changed: its stream's owner, its team (metadata), and the
 * users and teams its data names. Generous on purpose: a needless bump costs one recomputation,
 * a missed one a stale answer. Membership events (any stream) name `userId` and `teamId`.
 */
export function tagsForEvent(event: TaggableEvent): string[] {
  const tags = new Set<string>();
  const prefix = STREAM_TAGS.find(([p]) => event.streamId.startsWith(p));
  if (prefix) {
    const tag = prefix[1](event.streamId.slice(prefix[0].length));
    if (tag) tags.add(tag);
  }
  if (event.metadata.teamId) tags.add(teamTag(event.metadata.teamId));
  if (event.data !== null && typeof event.data === 'object') {
    const data = event.data as Record<string, unknown>;
    for (const [field, tag] of ID_FIELDS) {
      const value = data[field];
      if (typeof value === 'string' && value !== '') tags.add(tag(value));
    }
    if (typeof data.link === 'string' && data.link !== '') tags.add(teamLinkTag(data.link));
  }
  return [...tags];
}

/** A projection change: the projection's tag plus its changed keys, which projections spell as tags. */
export function tagsForProjectionChange(change: { projection: string; keys?: string[] }): string[] {
  return [projectionTag(change.projection), ...(change.keys ?? [])];
}
