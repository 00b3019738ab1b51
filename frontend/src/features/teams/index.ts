// The public entry of the teams feature: other features import only from here (ADR 0010).
export { teamLinks, useListUserLinksQuery } from './teams.api';
export { useListTeamApplicationsQuery } from './teams.api';
export type { LinkEntry } from './teams.api';
export { TeamCreateForm } from './team-create-page';
export { TeamBlockedBanner } from './blocked-banner';
