// The guided start (issue 14) lives under the start route's words ("start" is reserved, so no
// project link can take it).
export const onboardingPaths = {
  guide: { path: '/start/onboarding', href: () => '/start/onboarding' },
} as const;
