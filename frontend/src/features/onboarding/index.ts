// The public entry of the onboarding feature: other features and the shell import only from here (ADR 0010).
export { NoTeamState } from './no-team-state';
export { OnboardingGuide, useShowsOnboarding } from './onboarding-guide';
export { onboardingPaths } from './onboarding.paths';
