import type { RouteObject } from 'react-router';
import { routeHandle } from '../../app/route-meta';
import { memberPaths } from './member.paths';

const access = { kind: 'id', key: 'manage_member' } as const;
const itemAccess = { kind: 'item', key: 'manage_member', param: 'memberId' } as const;

// member, member/{memberId} and member/{memberId}/settings (manage_member, spec section 2).
export const membersRoutes: RouteObject[] = [
  {
    path: memberPaths.list.path,
    handle: routeHandle({ name: 'manage-member', access }),
    lazy: async () => ({ Component: (await import('./member-list-page')).MemberListPage }),
  },
  {
    path: memberPaths.member.path,
    handle: routeHandle({ name: 'manage-member-id', access: itemAccess }),
    lazy: async () => ({ Component: (await import('./member-page')).MemberPage }),
  },
  {
    path: memberPaths.settings.path,
    handle: routeHandle({ name: 'manage-member-settings', access: itemAccess }),
    lazy: async () => ({ Component: (await import('./member-settings-page')).MemberSettingsPage }),
  },
];
