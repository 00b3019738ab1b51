import {
  linkAccessLevel,
  type MemberLevel,
  CONNECTABLE_LINK_OBJECTS,
  type ConnectableLinkObject,
  type TeamFlag,
  type LinkEntry,
} from '@planwerk/events';
import type { Queryable } from '../store/postgres/append-events';

/** What a connect finds for `{ obj, id }`: the target, its team and the names to show. */
export interface LinkTarget {
  targetId: string;
  ccId: string;
  link: string;
  name: string;
  hash: string | null;
}

/** How one kind of link is found (connect) and listed (the user's link list). */
export interface LinkKind {
  find(db: Queryable, id: string): Promise<LinkTarget | null>;
  list(db: Queryable, userId: string): Promise<LinkEntry[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface TeamLinkRow {
  team_id: string;
  link: string;
  name: string;
  level: MemberLevel | null;
  flag: TeamFlag | null;
  access: LinkEntry['access']['access'] | null;
}

// Teams: by id or by slug (stored lower-case, ADR 0005). The list holds the teams the user is
// an active member of plus the teams they connected to; a team appears once, with the
// membership's flag and access when there is one.
const teamLinks: LinkKind = {
  async find(db, id) {
    const rows = await db.query<{ team_id: string; link: string; name: string }>(
      UUID.test(id) ? 'SELECT team_id, link, name FROM teams WHERE team_id = $1' : 'SELECT team_id, link, name FROM teams WHERE link = lower($1)',
      [id],
    );
    const row = rows.rows[0];
    return row ? { targetId: row.team_id, ccId: row.team_id, link: row.link, name: row.name, hash: null } : null;
  },
  async list(db, userId) {
    const rows = await db.query<TeamLinkRow>(
      `WITH mine AS (
         SELECT team_id FROM team_members WHERE user_id = $1 AND status = 'active'
         UNION SELECT cc_id FROM user_links WHERE user_id = $1 AND obj = 'link_cc')
       SELECT t.team_id, t.link, t.name, m.level, m.flag, m.access
       FROM mine JOIN teams t ON t.team_id = mine.team_id
       LEFT JOIN team_members m ON m.team_id = t.team_id AND m.user_id = $1 AND m.status = 'active'
       ORDER BY lower(t.name), t.team_id`,
      [userId],
    );
    return rows.rows.map((row) => teamEntry(row));
  },
};

function teamEntry(row: TeamLinkRow): LinkEntry {
  const level = row.level === null ? 'others' : linkAccessLevel(row.level);
  return {
    id: row.team_id, link: row.link, hash: null, obj: 'link_cc', name: row.name,
    team: row.flag ?? 0,
    access: { level, manage: level === 'owner' || level === 'admin', access: row.access ?? {} },
    item: [],
    cc_id: row.team_id,
  };
}

/**
 * How each connectable kind (CONNECTABLE_LINK_OBJECTS in @planwerk/events) is found and listed.
 * A kind added to the contract without a line here fails to compile.
 */
export const linkKinds = {
  link_cc: teamLinks,
} as const satisfies Record<ConnectableLinkObject, LinkKind>;

export function findLinkTarget(db: Queryable, obj: ConnectableLinkObject, id: string): Promise<LinkTarget | null> {
  return linkKinds[obj].find(db, id);
}

/** The user's link list (spec section 3), every registered kind in registry order. */
export async function listUserLinks(db: Queryable, userId: string): Promise<LinkEntry[]> {
  const lists = await Promise.all(CONNECTABLE_LINK_OBJECTS.map((obj) => linkKinds[obj].list(db, userId)));
  return lists.flat();
}
