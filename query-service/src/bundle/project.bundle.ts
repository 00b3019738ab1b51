import { DomainError } from '@planwerk/events';
import { PROJECT_TREE_PROJECTION } from '@planwerk/projector';
import { openPublicProjectView } from '../shared/projects/project-view.access';
import type { ProjectRef } from '../shared/projects/project-read-models';
import type { BundleContext, BundleDefinition } from './bundle-registry';
import { projectionTag } from './bundle-tags';

function refOf(context: BundleContext): ProjectRef {
  const { prj_id: projectId, prj_link: link } = context.header;
  if (projectId !== null) return { by: 'id', projectId };
  if (link !== null) return { by: 'link', link };
  throw new DomainError('validation_failed', { field: 'header.prj_link' });
}

// The public project view (GET /v5/project/view/{prjLink}) as a bundle: header prj_id or
// prj_link, the password in prj_pass. The answer depends on the project read model (its key
// `project:<id>` when the id is known) and on the caller (the service adds the user's tag,
// which membership and verification changes bump).
export const projectBundle: BundleDefinition<'project'> = {
  name: 'project', login: false, team: false,
  tags: (context) => [projectionTag(PROJECT_TREE_PROJECTION), ...(context.header.prj_id !== null ? [`project:${context.header.prj_id}`] : [])],
  async load(context) {
    const opened = await openPublicProjectView(context.db, {
      ref: refOf(context), userId: context.userId, password: context.prjPass, clientIp: context.clientIp, now: context.now,
    });
    return opened.view;
  },
};
