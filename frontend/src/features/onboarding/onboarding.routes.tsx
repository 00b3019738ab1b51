import type { RouteObject } from 'react-router';
import { routeHandle } from '../../app/route-meta';
import { onboardingPaths } from './onboarding.paths';

export const onboardingRoutes: RouteObject[] = [
  {
    path: onboardingPaths.guide.path,
    handle: routeHandle({ name: 'onboarding', access: { kind: 'login' } }),
    lazy: async () => ({ Component: (await import('./onboarding-page')).OnboardingPage }),
  },
];
