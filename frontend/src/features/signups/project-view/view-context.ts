import { useOutletContext } from 'react-router';
import type { ProjectView } from '../../projects';
import type { Viewer } from '../signup-dialog';

/** What the project view's frame hands its views: the view, who looks, and how its links are built. */
export interface ViewContext {
  view: ProjectView;
  viewer: Viewer;
  linkBase: { kind: 'link'; link: string } | { kind: 'embed'; hash: string };
}

export function useViewContext(): ViewContext {
  return useOutletContext<ViewContext>();
}
