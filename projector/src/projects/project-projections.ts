import type { Projection } from '../runtime/projection';
import { mySignupsProjection } from './my-signups.projection';
import { projectFillProjection } from './project-fill.projection';
import { projectInvitationsProjection } from './project-invitations.projection';
import { projectTreeProjection } from './project-tree.projection';

// The read models of projects and sign-ups (ADR 0006).
export const projectProjections: readonly Projection[] = [projectTreeProjection, mySignupsProjection, projectFillProjection, projectInvitationsProjection];
