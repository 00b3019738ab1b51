import { useIntl } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ShellLoader } from '../../app/app-shell-loader';
import { usePageTitle } from '../../app/page-title';
import { SelectField } from '../../shared/form-fields';
import { useListProjectsQuery, useManagedTeam } from '../projects';
import { backupPaths } from './backup.paths';
import { backupMessages as messages } from './backups.messages';
import { ProjectBackups } from './project-backups';
import { UndoPanel } from './undo';
import './backups.css';

/**
 * /manage/{ccLink}/backup[/{dateId}[/{backupId}[/{listId}]]]?project=…: pick a project, move
 * through its restore points, see the project or a list as of then and the diff to now,
 * restore and undo (ADR 0008); "my recent actions" with undo below.
 */
export function BackupsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.title));
  const team = useManagedTeam();
  const navigate = useNavigate();
  const { backupId, listId } = useParams();
  const [params] = useSearchParams();
  const projectId = params.get('project') ?? '';
  const { data: projects } = useListProjectsQuery({ teamId: team?.teamId ?? '', filter: 'project', status: '0,1,2,3,4,5,10' }, { skip: !team });
  if (!team) return <ShellLoader />;
  const projectNames = new Map((projects ?? []).map((project) => [project.projectId, project.name]));

  return (
    <div className="page backups">
      <header className="page-head">
        <h1>{intl.formatMessage(messages.title)}</h1>
      </header>
      <p className="hint">{intl.formatMessage(messages.intro)}</p>
      <SelectField
        id="backup-project"
        label={intl.formatMessage(messages.project)}
        value={projectId}
        onValueChange={(value) => void navigate(backupPaths.backup.href(team.link, { projectId: value || undefined }))}
      >
        <option value="">{intl.formatMessage(messages.pickProject)}</option>
        {(projects ?? []).map((project) => (
          <option key={project.projectId} value={project.projectId}>
            {project.status === 0 ? intl.formatMessage(messages.trashed, { name: project.name }) : project.name}
          </option>
        ))}
      </SelectField>
      {projectId === '' ? (
        <p className="hint">{intl.formatMessage(messages.noProject)}</p>
      ) : (
        <ProjectBackups key={projectId} team={team} projectId={projectId} projectName={projectNames.get(projectId) ?? ''} backupId={backupId} listId={listId} />
      )}
      <UndoPanel teamId={team.teamId} userId={team.userId} projectNames={projectNames} />
    </div>
  );
}
