import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import { ArrowLeft, Icon, UserPlus } from '../../../shared/icons';
import { ProjectChanges } from '../../activity';
import { CommentsButton, commentPath } from '../../comments';
import type { EditorTarget } from '../editor-dialogs/editor-target';
import { NotificationsButton } from '../editor-dialogs/notifications-dialog';
import { actionMessages } from '../project-actions';
import { ProjectErrorAlert } from '../../../shared/project-errors';
import { projectPaths } from '../project.paths';
import { ColourDot, StatusBadge } from '../project-status';
import { useChangeStatusMutation, type ProjectTree } from '../projects.api';
import { ActionMenu, type MenuEntry } from '../../../shared/ui';
import type { ManagedTeam } from '../use-managed-team';
import { editorMessages as messages } from './project-editor.messages';

/** Back link, name, status and the project's own actions; the owner releases a planning project here. */
export function EditorHeader({ team, tree, target, menuEntries, onInvite }: {
  team: ManagedTeam; tree: ProjectTree; target: EditorTarget; menuEntries: MenuEntry[];
  /** Opens the invitation dialog; not offered for a project in the trash. */
  onInvite?: () => void;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [release, releaseState] = useChangeStatusMutation();
  return (
    <>
      <p><Link to={projectPaths.manageProjects.href(team.link)}><Icon of={ArrowLeft} /> {intl.formatMessage(messages.back)}</Link></p>
      <header className="page-head">
        <h1><ColourDot colour={tree.project.colour} /> {tree.project.name}</h1>
        <StatusBadge status={tree.project.status} locked={tree.project.locked} />
        <div className="actions">
          {tree.project.status === 3 && team.owner && (
            <button
              type="button"
              className="button button--primary"
              disabled={releaseState.isLoading}
              onClick={() => void release({ ...target, body: { status: 1 } }).then((result) => result.data && dispatch(popupShown({ message: messages.released, tone: 'success' })))}
            >
              {intl.formatMessage(messages.release)}
            </button>
          )}
          {onInvite && (
            <button type="button" className="button" onClick={onInvite}><Icon of={UserPlus} /> {intl.formatMessage(actionMessages.invite)}</button>
          )}
          {tree.project.status !== 0 && <NotificationsButton target={target} />}
          <Link className="button" to={projectPaths.projectView.href(tree.project.link)}>{intl.formatMessage(messages.publicView)}</Link>
          <ProjectChanges teamId={team.teamId} ccLink={team.link} projectId={tree.project.projectId} />
          {tree.project.comments && <CommentsButton path={commentPath.project(tree.project.projectId)} name={tree.project.name} canModerate={team.admin} />}
          <ActionMenu label={intl.formatMessage(actionMessages.menu, { name: tree.project.name })} entries={menuEntries} />
        </div>
      </header>
      {tree.project.status === 3 && <p className="alert alert--info">{intl.formatMessage(messages.planning)}</p>}
      <ProjectErrorAlert error={releaseState.error} changeStatusHref={projectPaths.manageProjects.href(team.link)} />
    </>
  );
}
