// The public entry of the teams feature: other features import only from here (ADR 0010).
export { slugOf } from './team-create-page';
export { teamLinks, useListUserLinksQuery } from './teams.api';
