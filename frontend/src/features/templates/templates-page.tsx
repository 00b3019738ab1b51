import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { ShellLoader } from '../../app/app-shell-loader';
import { usePageTitle } from '../../app/page-title';
import { projectPaths, useManagedTeam } from '../projects';
import { TemplateGallery } from './template-gallery';
import { templateMessages as messages } from './templates.messages';

/** /manage/{ccLink}/templates: the gallery; a project made from it opens in the editor. */
export function TemplatesPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.title));
  const team = useManagedTeam();
  const navigate = useNavigate();
  if (!team) return <ShellLoader />;
  return (
    <div className="page">
      <header className="page-head">
        <h1>{intl.formatMessage(messages.title)}</h1>
        <Link className="button" to={projectPaths.manageProjects.href(team.link)}>{intl.formatMessage(messages.backToProjects)}</Link>
      </header>
      <p className="hint">{intl.formatMessage(messages.intro)}</p>
      <TemplateGallery
        teamId={team.teamId} ccLink={team.link} owner={team.owner}
        onApplied={(project) => void navigate(projectPaths.manageProject.href(team.link, project.projectId))}
      />
    </div>
  );
}
