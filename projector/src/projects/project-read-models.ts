// What the query side reads of the project read models: projection names, table base names
// (resolve the live version with `activeTable`) and the document shapes.
export { PROJECT_TREE_PROJECTION, PROJECT_TREE, PROJECT_OVERVIEW, PROJECT_ACCESS, PRESET_COLUMNS, projectTreeProjection } from './project-tree.projection';
export { MY_SIGNUPS_PROJECTION, MY_SIGNUPS, mySignUpsProjection } from './my-signups.projection';
export { PROJECT_FILL_PROJECTION, PROJECT_FILL_DAILY, projectFillProjection } from './project-fill.projection';
export { projectProjections } from './project-projections';
export { holdsPlace } from './projects-feed';
export type { ProjectTreeDoc, SignUpEntry, ProjectOverviewRow, ProjectAccessRow } from './project-tree.evolve';
