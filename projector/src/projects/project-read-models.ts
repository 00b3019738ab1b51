// What the query side reads of the project read models: projection names, table base names
// (resolve the live version with `activeTable`), the document and row shapes the projector
// writes, and the column lists (`*_COLUMNS`) that read a table back in those shapes.
// A row shape is declared here once; readers map it to the contract's answer.
export {
  PROJECT_TREE_PROJECTION, PROJECT_TREE, PROJECT_OVERVIEW, PROJECT_OVERVIEW_COLUMNS, PROJECT_ACCESS, PRESET_COLUMNS, projectTreeProjection,
} from './project-tree.projection';
export { MY_SIGNUPS_PROJECTION, MY_SIGNUPS, MY_SIGNUP_COLUMNS, mySignupsProjection } from './my-signups.projection';
export { PROJECT_FILL_PROJECTION, PROJECT_FILL_DAILY, projectFillProjection } from './project-fill.projection';
export {
  PROJECT_INVITATIONS_PROJECTION, PROJECT_INVITATIONS, PROJECT_INVITATION_COLUMNS, projectInvitationsProjection, type ProjectInvitationRow,
} from './project-invitations.projection';
export { projectProjections } from './project-projections';
export { holdsPlace } from './projects-feed';
export type { ProjectTreeDoc, SignupEntry, ProjectOverviewRow, ProjectAccessRow } from './project-tree.evolve';
export type { MySignupRow } from './my-signups.evolve';
export type { FillDay } from './project-fill.evolve';
