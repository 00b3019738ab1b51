import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ShellLoader } from '../../app/app-shell-loader';
import { SelectField } from '../../shared/form-fields';
import { useExport, useGetProjectTreeQuery, type ManagedTeam } from '../projects';
import { ProjectErrorAlert } from '../../shared/project-errors';
import { ProgressBar } from '../../shared/ui';
import { backupPaths } from './backup.paths';
import { BackupTimeline } from './backup-timeline';
import { DiffView, StateView } from './backup-views';
import { historyPath, useGetBackupDiffQuery, useGetBackupStateQuery, type RestorePoint } from './backups.api';
import { backupMessages as messages } from './backups.messages';
import { RestoreAnswerAlert } from './restore-answer';
import { UndoErrorAlert } from './undo';
import { useBackupMark } from './use-backup-mark';
import { PointsPage, useBackupPoints } from './use-backup-points';
import { useRestore } from './use-restore';

/** One project's restore points: scope, timeline, restore and its undo, the state then and the diff to now. */
export function ProjectBackups({ team, projectId, projectName, backupId, listId }: {
  team: ManagedTeam;
  projectId: string;
  projectName: string;
  backupId: string | undefined;
  listId: string | undefined;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const teamId = team.teamId;
  const { first, cursors, unique, markers, index, selected, loadOlder } = useBackupPoints(teamId, projectId, backupId);
  const { data: tree } = useGetProjectTreeQuery({ teamId, projectId });
  const exporter = useExport();
  const position = selected?.position ?? '';
  const pointRef = { teamId, projectId, position, ...(listId ? { listId } : {}) };
  const { data: state, error: stateError, isFetching: stateLoading } = useGetBackupStateQuery(pointRef, { skip: !selected });
  const { data: diff, error: diffError } = useGetBackupDiffQuery(pointRef, { skip: !selected });
  const nameNow = tree?.project.name ?? state?.project?.name ?? projectName;
  const { runRestore, undoRestore, answer, restoreState, undoState, confirmDialog } = useRestore({ teamId, projectId, selected, nameNow });
  const mark = useBackupMark(teamId, projectId, selected);

  if (first.isLoading) return <ShellLoader />;
  if (!first.data) return <ProjectErrorAlert error={first.error} />;

  const go = (point: RestorePoint | undefined, list: string | undefined = listId) => {
    if (!point) return;
    void navigate(backupPaths.backup.href(team.link, { projectId, dateId: point.at.slice(0, 10), backupId: point.position, listId: list }), { replace: true });
  };
  // Only the project itself can be restored while it is in the trash or permanently deleted.
  const projectActive = tree !== undefined && tree.project.status !== 0;
  const listChoices = new Map((tree?.lists ?? []).map((list) => [list.listId, list.name]));
  for (const list of state?.project?.lists ?? []) if (!listChoices.has(list.listId)) listChoices.set(list.listId, list.name);
  const itemName = (itemId: string) => state?.project?.items.find((item) => item.itemId === itemId)?.name
    ?? tree?.lists.flatMap((list) => list.items).find((item) => item.itemId === itemId)?.name ?? itemId.slice(0, 8);

  return (
    <>
      {cursors.map((before) => <PointsPage key={before} teamId={teamId} projectId={projectId} before={before} />)}
      <div className="toolbar">
        <SelectField id="backup-scope" label={intl.formatMessage(messages.scope)} value={listId ?? ''} onValueChange={(value) => go(selected, value || undefined)}>
          <option value="">{intl.formatMessage(messages.wholeProject)}</option>
          {[...listChoices].map(([id, name]) => <option key={id} value={id}>{name}</option>)}
        </SelectField>
        <button type="button" className="button" disabled={exporter.busy} onClick={() => void exporter.run(historyPath(teamId, projectId), `${nameNow || 'project'}-history.json`)}>
          {intl.formatMessage(messages.history)}
        </button>
        {team.admin && (
          <button type="button" className="button button--danger" disabled={!selected || restoreState.isLoading} onClick={() => void runRestore({ scope: 'project' })}>
            {intl.formatMessage(messages.restoreProject)}
          </button>
        )}
      </div>
      {exporter.element}

      {unique.length === 0 || !selected ? <p className="hint">{intl.formatMessage(messages.noPoints)}</p> : (
        <BackupTimeline userId={team.userId} unique={unique} markers={markers} index={index} selected={selected} go={go} loadOlder={loadOlder} mark={mark} />
      )}

      {restoreState.isLoading && <ProgressBar label={intl.formatMessage(messages.restoring)} value={0} max={null} />}
      <ProjectErrorAlert error={restoreState.error} />
      {answer && <RestoreAnswerAlert answer={answer} itemName={itemName} undoing={undoState.isLoading} onUndo={() => void undoRestore(answer.commandId)} />}
      {undoState.isLoading && <ProgressBar label={intl.formatMessage(messages.restoring)} value={0} max={null} />}
      <UndoErrorAlert error={undoState.error} userId={team.userId} />
      {!projectActive && tree !== undefined && <p className="alert alert--info">{intl.formatMessage(messages.trashedNow)}</p>}

      {selected && (
        <div className="backup-columns" aria-busy={stateLoading}>
          <section className="card" aria-labelledby="backup-state-title" data-testid="backup-state">
            <h2 id="backup-state-title">{intl.formatMessage(messages.stateTitle)}</h2>
            <ProjectErrorAlert error={stateError} />
            {state && <StateView key={position} state={state} diff={diff} canRestore={projectActive} onRestore={(request) => void runRestore(request)} />}
          </section>
          <section className="card" aria-labelledby="backup-diff-title" data-testid="backup-diff">
            <h2 id="backup-diff-title">{intl.formatMessage(messages.diffTitle)}</h2>
            <ProjectErrorAlert error={diffError} />
            {diff && <DiffView diff={diff} state={state} />}
          </section>
        </div>
      )}
      {confirmDialog}
    </>
  );
}
