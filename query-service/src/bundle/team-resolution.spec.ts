import type { LinkEntry } from '@planwerk/events';
import { tagsForEvent, tagsForProjectionChange } from './bundle-tags';
import { resolveTeam, teamRequestOf } from './team-resolution';

const team = (id: string, link: string, flag: 0 | 1 | 2 = 1): LinkEntry => ({
  id, link, hash: null, obj: 'link_cc', name: `Team ${link}`, team: flag,
  access: { level: flag === 2 ? 'admin' : 'others', manage: flag === 2, access: {} }, item: [], cc_id: id,
});
const A = team('aaaaaaaa-0000-4000-8000-000000000001', 'alpha');
const B = team('bbbbbbbb-0000-4000-8000-000000000002', 'beta');
const header = (h: Partial<Record<'cc_id' | 'cc_link', string | null>>) => ({ cc_id: null, prj_id: null, cc_link: null, prj_link: null, ...h });

describe('team resolution (spec sections 2 and 5)', () => {
  it('link "0" or no link means the default team; cc_id wins over cc_link', () => {
    expect(teamRequestOf(header({ cc_link: '0' }))).toEqual({ kind: 'default' });
    expect(teamRequestOf(header({}))).toEqual({ kind: 'default' });
    expect(teamRequestOf(header({ cc_id: A.id, cc_link: 'beta' }))).toEqual({ kind: 'named', ref: A.id });
    expect(teamRequestOf(header({ cc_id: '0', cc_link: 'beta' }))).toEqual({ kind: 'named', ref: 'beta' });
  });

  it('a named team matches only if found', () => {
    expect(resolveTeam({ request: { kind: 'named', ref: 'nope' }, found: null, links: [A], lastChosen: null })).toEqual({ kind: 'not_found' });
  });

  it('a named team needs exactly one matching link record', () => {
    const found = { teamId: A.id, link: 'alpha' };
    expect(resolveTeam({ request: { kind: 'named', ref: 'alpha' }, found, links: [A, B], lastChosen: null })).toEqual({ kind: 'team', teamId: A.id, link: 'alpha' });
    expect(resolveTeam({ request: { kind: 'named', ref: 'alpha' }, found, links: [B], lastChosen: null })).toEqual({ kind: 'no_link_record', teamId: A.id, link: 'alpha' });
    expect(resolveTeam({ request: { kind: 'named', ref: 'alpha' }, found, links: [A, A], lastChosen: null }).kind).toBe('no_link_record');
  });

  it('default: the last chosen team, else the only team, else the picker with every team', () => {
    expect(resolveTeam({ request: { kind: 'default' }, found: null, links: [A, B], lastChosen: B.id })).toEqual({ kind: 'team', teamId: B.id, link: 'beta' });
    expect(resolveTeam({ request: { kind: 'default' }, found: null, links: [A], lastChosen: null })).toEqual({ kind: 'team', teamId: A.id, link: 'alpha' });
    expect(resolveTeam({ request: { kind: 'default' }, found: null, links: [A, B], lastChosen: null })).toEqual({
      kind: 'pick', choices: [{ cc_id: A.id, link: 'alpha', name: 'Team alpha' }, { cc_id: B.id, link: 'beta', name: 'Team beta' }],
    });
    // A last chosen team the user no longer has a link to does not count.
    expect(resolveTeam({ request: { kind: 'default' }, found: null, links: [A, B], lastChosen: 'gone' }).kind).toBe('pick');
    expect(resolveTeam({ request: { kind: 'default' }, found: null, links: [], lastChosen: null })).toEqual({ kind: 'pick', choices: [] });
  });
});

describe('dependency tags', () => {
  const meta = (teamId: string | null = null) => ({ teamId });

  it('maps streams to the user or team they belong to', () => {
    expect(tagsForEvent({ streamId: 'user-links-u1', metadata: meta('t1'), data: { userId: 'u1', ccId: 't1' } }).sort()).toEqual(['team:t1', 'user:u1']);
    expect(tagsForEvent({ streamId: 'team-link-Alpha', metadata: meta('t1'), data: { teamId: 't1', link: 'alpha' } }).sort()).toEqual(['team-link:alpha', 'team:t1']);
    expect(tagsForEvent({ streamId: 'team-t9', metadata: meta(), data: {} })).toEqual(['team:t9']);
    expect(tagsForEvent({ streamId: 'account-email-abc', metadata: meta(), data: {} })).toEqual([]);
  });

  it('a membership event on any stream bumps its user and its team', () => {
    expect(tagsForEvent({ streamId: 'team-membership-x', metadata: meta(), data: { teamId: 't2', userId: 'u2', level: 'admin' } }).sort())
      .toEqual(expect.arrayContaining(['team:t2', 'user:u2']));
  });

  it('a projection change bumps its projection and its keys', () => {
    expect(tagsForProjectionChange({ projection: 'project-overview', keys: ['team:t1'] })).toEqual(['projection:project-overview', 'team:t1']);
  });
});
