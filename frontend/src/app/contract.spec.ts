import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { listTeamActivityEndpoint } from '@planwerk/events/activity/activity.endpoints';
import type { removeCommentEndpoint } from '@planwerk/events/comments/comment.endpoints';
import type { listTeamMembersEndpoint } from '@planwerk/events/teams/membership.endpoints';
import { ACCESS_AREAS } from '@planwerk/events/constants';
import { allEndpoints } from '@planwerk/events/http/all-endpoints';
import { noteCheckpoint } from '../shared/read-your-writes';
import { fromContract, mismatchesOf, requestOf, route, urlOf, warnOnMismatch } from './contract';

// The console builds its calls from the endpoint declarations (issue 13): the URL and method
// from the route, the answer checked against the response schema in development mode.

const members = route<typeof listTeamMembersEndpoint>('GET /v5/team/{teamId}/members');
const activity = route<typeof listTeamActivityEndpoint>('GET /v5/team/{teamId}/activity', 'minCheckpoint');
const removeComment = route<typeof removeCommentEndpoint>('DELETE /v5/comment/{commentId}');

function declared(method: string, path: string) {
  const found = allEndpoints.find((e) => e.method === method && e.path === path);
  if (!found) throw new Error(`no declaration ${method} ${path}`);
  return found;
}

describe('console contract: requests from the declaration', () => {
  it('every route used here is a declared method and path', () => {
    for (const to of [members, activity, removeComment]) expect(declared(to.method, to.path).path).toBe(to.path);
  });

  it('fills {param} segments encoded, relative to the API base path, with method and body', () => {
    const request = requestOf(removeComment, { params: { commentId: 'a/b c' }, query: { path: 'prj.1' } });
    expect(request).toMatchObject({ url: 'comment/a%2Fb%20c?path=prj.1', method: 'DELETE' });
    expect(request).not.toHaveProperty('body');
  });

  it('leaves unset query values out', () => {
    expect(urlOf(members, { params: { teamId: 't1' } })).toBe('team/t1/members');
    expect(requestOf(activity, { params: { teamId: 't1' }, query: { project: undefined, limit: 50, action: '' } }).url)
      .toMatch(/^team\/t1\/activity\?limit=50(&minCheckpoint=[^&]+)?$/);
  });

  it('sends minCheckpoint of the newest own write only on reads that declare it', () => {
    noteCheckpoint({ checkpoint: '00000000000000000042' });
    expect(urlOf(activity, { params: { teamId: 't1' } })).toBe('team/t1/activity?minCheckpoint=00000000000000000042');
    expect(urlOf(members, { params: { teamId: 't1' } })).toBe('team/t1/members');
  });

  it('answers the selected part and notes a command answer\'s checkpoint', () => {
    const list = fromContract(members, (teamId: string) => ({ params: { teamId } }), (answer) => answer.members.length);
    expect(list.transformResponse({ members: [{ userId: 'u', name: null }] })).toBe(1);
    expect(list.query('t 1')).toMatchObject({ url: 'team/t%201/members', method: 'GET', route: { method: 'GET', path: '/v5/team/{teamId}/members' } });
  });
});

describe('console contract: answers checked against the response schema (development mode)', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });
  const declaration = declared('GET', '/v5/team/{teamId}/members');
  const userId = '0b5e7c1e-3f7a-4d7e-9a51-1c0d5f0e9a11';

  it('finds nothing wrong with an answer that matches', () => {
    expect(mismatchesOf(declaration, { members: [{ userId, name: 'Anna Muster' }] })).toEqual([]);
  });

  it('names the endpoint and the path of each issue of an answer that does not match', () => {
    const lines = mismatchesOf(declaration, { members: [{ userId, name: 7 }] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('listTeamMembers (GET /v5/team/{teamId}/members)');
    expect(lines[0]).toContain('at members.0.name');
  });

  it('names the issue inside the closest branch of a union answer', () => {
    const user = { uid: userId, name: 'Anna Muster', vorname: 'Anna', nachname: 'Muster', mail: 'anna@example.org', type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed' };
    const logIn = declared('PUT', '/v5/auth');
    expect(mismatchesOf(logIn, { token: 't.d', user })).toEqual([]);
    const lines = mismatchesOf(logIn, { token: 't.d', user: { ...user, login_type: 'magic' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('at user.login_type');
  });

  it('checks each bundle part of POST /v5/bundle against its own body schema', () => {
    const bundle = declared('POST', '/v5/bundle');
    const access = { cc_id: 't1', level: 'item', team: 1, manage: false, access: { manage_file: ['f1'] }, areas: { ...Object.fromEntries(ACCESS_AREAS.map((area) => [area, false])), manage_file: 1 } };
    const answer = (body: object) => ({ cc_id: 't1', cc_link: 'alpha', prj_id: null, prj_link: null, pick: null, bundle: { access: { body, error: null } } });
    expect(mismatchesOf(bundle, answer(access))).toEqual([]);
    const lines = mismatchesOf(bundle, answer({ ...access, level: 'boss' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('at bundle.access.body.level');
  });

  it('logs the mismatch as a warning, loading the declarations lazily', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await warnOnMismatch({ method: 'GET', path: '/v5/team/{teamId}/members' }, { members: 'none' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('listTeamMembers (GET /v5/team/{teamId}/members) does not match its schema at members');
  });

  it('logs nothing for an answer that matches', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await warnOnMismatch({ method: 'GET', path: '/v5/team/{teamId}/members' }, { members: [] });
    expect(warn).not.toHaveBeenCalled();
  });
});
