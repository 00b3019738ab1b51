import { linkKinds } from './link-targets';
import {
  CONNECTABLE_LINK_OBJECTS,
  connectUserLinkBody,
  disconnectUserLinkBody,
  UserLinkConnected,
  UserLinkDisconnected,
  LINK_OBJECTS,
  linkEntrySchema,
} from '@planwerk/events';

const teamId = '4a1f7f58-0f0e-4b1a-9d5e-5b8e2f9c3d22';
const userId = '0b7c9c4e-58b5-4f0c-9f3a-0f6c3f1c2a11';

describe('user link contract', () => {
  it('the link entry has the fields of spec section 3 and the ten obj kinds', () => {
    expect(LINK_OBJECTS).toHaveLength(10);
    const entry = {
      id: teamId, link: 'alpha', hash: null, obj: 'link_cc', name: 'Alpha', team: 2,
      access: { level: 'admin', manage: true, access: { manage_prj: ['p1'] } }, item: [], cc_id: teamId,
    };
    expect(linkEntrySchema.parse(entry)).toEqual(entry);
    expect(linkEntrySchema.safeParse({ ...entry, team: 3 }).success).toBe(false);
    expect(linkEntrySchema.safeParse({ ...entry, access: { ...entry.access, access: { manage_nothing: [] } } }).success).toBe(false);
  });

  it('connect accepts exactly the registered kinds, and every registered kind is a spec kind', () => {
    expect(CONNECTABLE_LINK_OBJECTS).toEqual(Object.keys(linkKinds));
    for (const obj of CONNECTABLE_LINK_OBJECTS) expect(LINK_OBJECTS).toContain(obj);
    expect(connectUserLinkBody.parse({ obj: 'link_cc', id: ' alpha ' })).toEqual({ obj: 'link_cc', id: 'alpha' });
    const unknownKind = connectUserLinkBody.safeParse({ obj: 'link_prj', id: 'x' });
    expect(unknownKind.success).toBe(false);
    expect(unknownKind.error?.issues[0]?.path).toEqual(['obj']);
    expect(connectUserLinkBody.safeParse({ obj: 'link_cc' }).error?.issues[0]?.path).toEqual(['id']);
  });

  it('disconnect asks for confirmation by default (force false)', () => {
    expect(disconnectUserLinkBody.parse({ obj: 'link_cc', id: teamId })).toEqual({ obj: 'link_cc', id: teamId, force: false });
    expect(disconnectUserLinkBody.parse({ obj: 'link_cc', id: teamId, force: true }).force).toBe(true);
  });

  it('the activity log sees ids and the kind, nothing personal', () => {
    const connected = UserLinkConnected.describe({ userId, obj: 'link_cc', targetId: teamId, ccId: teamId, connectedAt: '2026-11-23T10:00:00.000Z' });
    expect(connected).toEqual({
      object: { kind: 'user_link', id: `link_cc:${teamId}` }, projectId: null, listId: null,
      action: 'links.connected', fields: { obj: 'link_cc', targetId: teamId, ccId: teamId },
    });
    expect(UserLinkConnected.personalFields).toEqual([]);
    expect(UserLinkDisconnected.describe({ userId, obj: 'link_cc', targetId: teamId, disconnectedAt: '2026-11-23T10:00:00.000Z' }).removesObject).toBe(true);
  });
});
