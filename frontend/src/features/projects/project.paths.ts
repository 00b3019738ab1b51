import type { OverviewFilter } from './projects.api';

// Routes of the project, preset and activity screens (spec section 2). Components use href(),
// never string URLs (style.md, frontend). `ccLink` "0" lets the guard pick the team.
const enc = encodeURIComponent;

export const PROJECT_VIEWS = ['info', 'task', 'calendar', 'filter'] as const;
export type ProjectViewName = (typeof PROJECT_VIEWS)[number] | 'admin';

export const projectPaths = {
  // manage-project: /manage/{ccLink}/project/{folderId?}; the folder is the opened project.
  manageProjects: {
    path: '/manage/:ccLink/project/:folderId?',
    href: (ccLink: string, filter?: OverviewFilter) => `/manage/${enc(ccLink)}/project${filter && filter !== 'project' ? `?filter=${filter}` : ''}`,
  },
  manageProject: { href: (ccLink: string, projectId: string) => `/manage/${enc(ccLink)}/project/${enc(projectId)}` },
  presets: { path: '/manage/:ccLink/preset', href: (ccLink: string) => `/manage/${enc(ccLink)}/preset` },
  // The template gallery (issue 14; features/templates): ready-made projects of the product.
  templates: { path: '/manage/:ccLink/templates', href: (ccLink: string) => `/manage/${enc(ccLink)}/templates` },
  preset: { path: '/manage/:ccLink/preset/:presetId', href: (ccLink: string, presetId: string) => `/manage/${enc(ccLink)}/preset/${enc(presetId)}` },
  activity: {
    path: '/manage/:ccLink/activity/:filter?',
    href: (ccLink: string, projectId?: string) => `/manage/${enc(ccLink)}/activity${projectId ? `/${enc(projectId)}` : ''}`,
  },
  // project-view: /{prjLink} with its views; project-view-admin: /{prjLink}/admin/{view?}.
  projectView: {
    path: '/:prjLink',
    href: (prjLink: string, view?: ProjectViewName) => `/${enc(prjLink)}${view && view !== 'info' ? `/${view}` : ''}`,
  },
  projectViewAdmin: { href: (prjLink: string, view?: string) => `/${enc(prjLink)}/admin${view ? `/${enc(view)}` : ''}` },
  embed: {
    path: '/embed/project/:hash/:view?',
    href: (hash: string, view?: ProjectViewName) => `/embed/project/${enc(hash)}/${view ?? 'info'}`,
  },
  teamSetup: { href: (teamId: string) => `/team-setup?team=${enc(teamId)}` },
} as const;

/** Absolute URL of a console path on this origin (share links, copy link). */
export function absoluteUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
