// The public entry of the activity feature: other features import only from here (ADR 0010).
export { ProjectChanges } from './project-changes';
export { useCountProjectChangesQuery, useGetProjectChangesQuery } from './activity.api';
