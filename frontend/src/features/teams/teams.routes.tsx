import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { MEMBER_LEVELS } from '@planwerk/events/access';
import { TEAM_ROUTE_ACCESS } from '@planwerk/events/route-access';
import { paths } from '../../app/paths';
import { routeHandle } from '../../app/route-meta';

const login = { kind: 'login' } as const;
const anyMember = { kind: 'client', levels: MEMBER_LEVELS } as const;
const lazyPage = (load: () => Promise<{ Component: ComponentType }>) => ({ lazy: load });

// Team routes of spec section 2: create, setup, /team/{ccLink} with its children, invitations;
// /p/{ccLink}/... redirects to the team routes.
export const teamsRoutes: RouteObject[] = [
  {
    path: paths.teamCreate.path,
    handle: routeHandle({ name: 'team-create', access: login }),
    ...lazyPage(async () => ({ Component: (await import('./team-create-page')).TeamCreatePage })),
  },
  {
    path: paths.teamSetup.path,
    handle: routeHandle({ name: 'team-setup', access: login }),
    ...lazyPage(async () => ({ Component: (await import('./team-setup-page')).TeamSetupPage })),
  },
  {
    path: paths.invite.path,
    handle: routeHandle({ name: 'invite', access: login }),
    ...lazyPage(async () => ({ Component: (await import('./invite-page')).InvitePage })),
  },
  {
    path: paths.accountInvite.path,
    handle: routeHandle({ name: 'account-invite', access: login }),
    ...lazyPage(async () => ({ Component: (await import('./invite-page')).InviteLinkPage })),
  },
  {
    path: paths.team.path,
    handle: routeHandle({ name: 'team', access: login, navTeam: true }),
    ...lazyPage(async () => ({ Component: (await import('./team-layout')).TeamLayout })),
    children: [
      {
        index: true,
        handle: routeHandle({ name: 'team', access: anyMember }),
        ...lazyPage(async () => ({ Component: (await import('./team-layout')).TeamHome })),
      },
      {
        path: paths.teamDetails.path,
        handle: routeHandle({ name: 'team-details', access: anyMember }),
        ...lazyPage(async () => ({ Component: (await import('./team-details-page')).TeamDetailsPage })),
      },
      {
        path: paths.teamManage.path,
        handle: routeHandle({ name: 'team-manage', access: TEAM_ROUTE_ACCESS['team/{ccLink}/manage'] }),
        ...lazyPage(async () => ({ Component: (await import('./team-manage-page')).TeamManagePage })),
      },
      {
        path: paths.teamApps.path,
        handle: routeHandle({ name: 'team-app', access: TEAM_ROUTE_ACCESS['team/{ccLink}/apps'] }),
        ...lazyPage(async () => ({ Component: (await import('./team-apps-page')).TeamAppsPage })),
      },
      // Login only: the layout shows a person outside the team the application (apply-to-team);
      // members are sent on to the team's home.
      {
        path: paths.teamApply.path,
        handle: routeHandle({ name: 'team-apply', access: login }),
        ...lazyPage(async () => ({ Component: (await import('./team-layout')).TeamHome })),
      },
      {
        path: paths.teamUser.path,
        handle: routeHandle({ name: 'team-user', access: anyMember }),
        ...lazyPage(async () => ({ Component: (await import('./team-user-page')).TeamUserPage })),
      },
    ],
  },
  // Legacy team links (spec section 2).
  { path: paths.legacyGroup.path, loader: ({ params }) => redirect(`/team/group/${encodeURIComponent(params.data ?? '')}`) },
  {
    path: paths.legacyTeam.path,
    loader: ({ params, request }) => {
      const rest = params['*'] ? `/${params['*']}` : '';
      const { search, hash } = new URL(request.url);
      return redirect(`${paths.team.href(params.ccLink ?? '0')}${rest}${search}${hash}`);
    },
  },
];
