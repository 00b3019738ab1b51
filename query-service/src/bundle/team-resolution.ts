import { NO_TEAM_LINK, type BundleHeader, type LinkEntry, type TeamChoice } from '@planwerk/events';

// Which team a bundle request is about (spec sections 2 and 5): a named team matches only if
// found, and the caller needs exactly one matching link record; link "0" or none → the last
// chosen team, else the only team, else the team picker. Pure.

export type TeamRequest =
  | { kind: 'named'; ref: string }
  | { kind: 'default' };

export type TeamResolution =
  | { kind: 'team'; teamId: string; link: string }
  | { kind: 'not_found' }
  | { kind: 'no_link_record'; teamId: string; link: string }
  | { kind: 'pick'; choices: TeamChoice[] };

/** `cc_id` wins over `cc_link`; "0" and absent both mean "no team chosen". */
export function teamRequestOf(header: BundleHeader): TeamRequest {
  for (const ref of [header.cc_id, header.cc_link]) {
    if (ref !== null && ref !== NO_TEAM_LINK) return { kind: 'named', ref };
  }
  return { kind: 'default' };
}

export interface ResolveInput {
  request: TeamRequest;
  /** For a named request: the team it names, or null when none has that id or link. */
  found: { teamId: string; link: string } | null;
  /** The caller's link list. */
  links: readonly LinkEntry[];
  /** The team the caller chose last (newest team connect), or null. */
  lastChosen: string | null;
}

export function resolveTeam(input: ResolveInput): TeamResolution {
  const teamLinks = input.links.filter((entry) => entry.obj === 'link_cc' && entry.cc_id !== null);
  switch (input.request.kind) {
    case 'named': {
      if (input.found === null) return { kind: 'not_found' };
      const { teamId, link } = input.found;
      const records = teamLinks.filter((entry) => entry.cc_id === teamId);
      return records.length === 1 ? { kind: 'team', teamId, link } : { kind: 'no_link_record', teamId, link };
    }
    case 'default': {
      const chosen = teamLinks.find((entry) => entry.cc_id === input.lastChosen);
      if (chosen) return { kind: 'team', teamId: chosen.id, link: chosen.link };
      const teams = [...new Map(teamLinks.map((entry) => [entry.cc_id, entry])).values()];
      if (teams.length === 1 && teams[0]) return { kind: 'team', teamId: teams[0].id, link: teams[0].link };
      return { kind: 'pick', choices: teams.map((entry) => ({ cc_id: entry.id, link: entry.link, name: entry.name })) };
    }
    default:
      return exhaustive(input.request);
  }
}

function exhaustive(value: never): never {
  throw new Error(`Unexpected team request ${JSON.stringify(value)}`);
}
