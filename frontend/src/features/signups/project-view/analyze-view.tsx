import { useOutletContext } from 'react-router';
import { InfoView } from '../project-view-page';
import type { ProjectView } from '../../projects';
import { ProjectFillChart } from '../../analysis';

/**
 * /{prjLink}/info/analyze: for the project's admins the fill rate of its lists over time, above
 * the overview; everybody else sees the overview as on /{prjLink}/info.
 */
export function AnalyzeView() {
  const { view } = useOutletContext<{ view: ProjectView }>();
  return (
    <>
      {view.viewer.admin && <ProjectFillChart teamId={view.project.teamId} projectId={view.project.projectId} />}
      <InfoView />
    </>
  );
}
