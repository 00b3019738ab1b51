import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { shallowEqual } from 'react-redux';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ShellLoader } from '../../app/app-shell-loader';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { usePageTitle } from '../../app/page-title';
import { popupShown } from '../../app/ui.slice';
import { useExport } from '../projects/project-actions';
import { ProjectErrorAlert } from '../projects/project-errors';
import { useGetProjectTreeQuery, useListProjectsQuery } from '../projects/projects.api';
import { ProgressBar, useConfirm } from '../projects/ui';
import { useManagedTeam, type ManagedTeam } from '../projects/use-managed-team';
import { backupPaths, NEWEST_POINT } from './backup.paths';
import { DiffView, StateView, type RestoreRequest } from './backup-views';
import {
  backupsApi, historyPath, useGetBackupDiffQuery, useGetBackupStateQuery, useListBackupPointsQuery, useMarkBackupMutation,
  useRestoreBackupMutation, useUndoActionMutation, type BackupMarker, type RestoreAnswer, type RestoreInput, type RestorePoint,
} from './backups.api';
import { backupMessages as messages } from './backups.messages';
import { actorText, describeTypes, UndoErrorAlert, UndoPanel } from './undo';
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
      <div className="field">
        <label htmlFor="backup-project">{intl.formatMessage(messages.project)}</label>
        <select
          id="backup-project"
          className="input"
          value={projectId}
          onChange={(event) => void navigate(backupPaths.backup.href(team.link, { projectId: event.target.value || undefined }))}
        >
          <option value="">{intl.formatMessage(messages.pickProject)}</option>
          {(projects ?? []).map((project) => (
            <option key={project.projectId} value={project.projectId}>
              {project.status === 0 ? intl.formatMessage(messages.trashed, { name: project.name }) : project.name}
            </option>
          ))}
        </select>
      </div>
      {projectId === '' ? (
        <p className="hint">{intl.formatMessage(messages.noProject)}</p>
      ) : (
        <ProjectBackups key={projectId} team={team} projectId={projectId} projectName={projectNames.get(projectId) ?? ''} backupId={backupId} listId={listId} />
      )}
      <UndoPanel teamId={team.teamId} userId={team.userId} projectNames={projectNames} />
    </div>
  );
}

// The store's type knows the tags of the injected endpoints only at run time.
type BackupsRootState = Parameters<ReturnType<typeof backupsApi.endpoints.listBackupPoints.select>>[0];

/** Keeps one page of restore points subscribed (the slider reads every loaded page from the store). */
function PointsPage({ teamId, projectId, before }: { teamId: string; projectId: string; before: string | undefined }) {
  useListBackupPointsQuery({ teamId, projectId, before });
  return null;
}

function ProjectBackups({ team, projectId, projectName, backupId, listId }: {
  team: ManagedTeam;
  projectId: string;
  projectName: string;
  backupId: string | undefined;
  listId: string | undefined;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const teamId = team.teamId;
  const [cursors, setCursors] = useState<string[]>([]);
  const first = useListBackupPointsQuery({ teamId, projectId });
  const pages = useAppSelector(
    (state) => [undefined, ...cursors].map((before) => backupsApi.endpoints.listBackupPoints.select({ teamId, projectId, before })(state as BackupsRootState).data),
    shallowEqual,
  );
  const { data: tree } = useGetProjectTreeQuery({ teamId, projectId });
  const exporter = useExport();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [restore, restoreState] = useRestoreBackupMutation();
  const [undo, undoState] = useUndoActionMutation();
  const [answer, setAnswer] = useState<RestoreAnswer | null>(null);
  const [markName, setMarkName] = useState('');
  const [mark, markState] = useMarkBackupMutation();

  // Oldest first: the slider runs from the project's beginning to now.
  const points: RestorePoint[] = [];
  const markers = new Map<string, BackupMarker>();
  for (const page of pages) {
    for (const day of page?.days ?? []) points.push(...day.points);
    for (const marker of page?.markers ?? []) markers.set(marker.backupId, marker);
  }
  points.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  const unique = points.filter((point, index) => index === 0 || points[index - 1]?.position !== point.position);
  const lastPage = pages[pages.length - 1];
  const markerOf = backupId ? markers.get(backupId) : undefined;
  const wanted = markerOf?.position ?? backupId;
  let index = unique.length - 1;
  if (wanted && wanted !== NEWEST_POINT) {
    const found = unique.findIndex((point) => point.position === wanted);
    if (found >= 0) index = found;
  }
  const selected = unique[index];
  const position = selected?.position ?? '';
  const pointRef = { teamId, projectId, position, ...(listId ? { listId } : {}) };
  const { data: state, error: stateError, isFetching: stateLoading } = useGetBackupStateQuery(pointRef, { skip: !selected });
  const { data: diff, error: diffError } = useGetBackupDiffQuery(pointRef, { skip: !selected });

  if (first.isLoading) return <ShellLoader />;
  if (!first.data) return <ProjectErrorAlert error={first.error} />;

  const go = (point: RestorePoint | undefined, list: string | undefined = listId) => {
    if (!point) return;
    void navigate(backupPaths.backup.href(team.link, { projectId, dateId: point.at.slice(0, 10), backupId: point.position, listId: list }), { replace: true });
  };
  const time = (at: string) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'medium' });
  const pointText = (point: RestorePoint) => intl.formatMessage(messages.pointText, { time: time(point.at), what: describeTypes(point.types, intl) });
  // Only the project itself can be restored while it is in the trash or permanently deleted.
  const projectActive = tree !== undefined && tree.project.status !== 0;
  const listChoices = new Map((tree?.lists ?? []).map((list) => [list.listId, list.name]));
  for (const list of state?.project?.lists ?? []) if (!listChoices.has(list.listId)) listChoices.set(list.listId, list.name);
  const nameNow = tree?.project.name ?? state?.project?.name ?? projectName;

  async function runRestore(request: RestoreRequest | { scope: 'project' }) {
    if (!selected) return;
    const at = time(selected.at);
    let text: string;
    let body: RestoreInput;
    if (request.scope === 'project') {
      text = intl.formatMessage(messages.confirmProject, { name: nameNow, time: at });
      body = { scope: 'project', position: selected.position };
    } else if (request.scope === 'list') {
      text = intl.formatMessage(messages.confirmList, { name: request.list.name, time: at });
      body = { scope: 'list', listId: request.list.listId, position: selected.position };
    } else if (request.scope === 'item') {
      text = intl.formatMessage(messages.confirmItem, { name: request.item.name, time: at });
      body = { scope: 'item', listId: request.listId, itemId: request.item.itemId, position: selected.position };
    } else {
      text = intl.formatMessage(messages.confirmSignUps, { count: request.signupIds.length, time: at });
      body = { scope: 'signups', listId: request.listId, signupIds: request.signupIds, position: selected.position };
    }
    const ok = await confirm(text, { confirmLabel: intl.formatMessage(messages.confirmLabel), danger: request.scope === 'project' });
    if (!ok) return;
    setAnswer(null);
    undoState.reset();
    const result = await restore({ teamId, projectId, body });
    if (result.data) setAnswer(result.data);
  }

  async function undoRestore(commandId: string) {
    const result = await undo({ teamId, commandId, projectId });
    if (!result.error) {
      setAnswer(null);
      dispatch(popupShown({ message: messages.undone, tone: 'success' }));
    }
  }

  function submitMark(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = markName.trim();
    if (name === '') return;
    void mark({ teamId, projectId, name, ...(selected ? { position: selected.position } : {}) }).then((result) => {
      if (result.data) {
        setMarkName('');
        dispatch(popupShown({ message: messages.marked, tone: 'success' }));
      }
    });
  }

  const itemName = (itemId: string) => state?.project?.items.find((item) => item.itemId === itemId)?.name
    ?? tree?.lists.flatMap((list) => list.items).find((item) => item.itemId === itemId)?.name ?? itemId.slice(0, 8);
  const last = unique.length - 1;

  return (
    <>
      {cursors.map((before) => <PointsPage key={before} teamId={teamId} projectId={projectId} before={before} />)}
      <div className="toolbar">
        <div className="field">
          <label htmlFor="backup-scope">{intl.formatMessage(messages.scope)}</label>
          <select id="backup-scope" className="input" value={listId ?? ''} onChange={(event) => go(selected, event.target.value || undefined)}>
            <option value="">{intl.formatMessage(messages.wholeProject)}</option>
            {[...listChoices].map(([id, name]) => <option key={id} value={id}>{name}</option>)}
          </select>
        </div>
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
        <section className="card backup-timeline" aria-labelledby="backup-timeline-title">
          <h2 id="backup-timeline-title">{intl.formatMessage(messages.selected, { time: time(selected.at) })}</h2>
          <p data-testid="backup-point">
            {intl.formatMessage(messages.selectedBy, { who: actorText(selected.actor, team.userId, intl), what: describeTypes(selected.types, intl) })}
            {index === last && <> {intl.formatMessage(messages.isNewest)}</>}
          </p>
          <div className="backup-slider">
            <label htmlFor="backup-slider" className="backup-slider__label">{intl.formatMessage(messages.timeline)}</label>
            <div className="backup-slider__track">
              {markers.size > 0 && (
                <ul className="backup-markers" aria-label={intl.formatMessage(messages.markers)}>
                  {[...markers.values()].map((marker) => {
                    const at = unique.findIndex((point) => point.position === marker.position);
                    const left = at < 0 || last === 0 ? 0 : (at / last) * 100;
                    return (
                      <li key={marker.backupId} style={{ left: `${left}%` }}>
                        <button
                          type="button"
                          className="backup-marker"
                          title={intl.formatMessage(messages.markerGo, { name: marker.name, time: time(marker.at) })}
                          aria-label={intl.formatMessage(messages.markerGo, { name: marker.name, time: time(marker.at) })}
                          onClick={() => go(unique[at] ?? { ...selected, position: marker.position, at: marker.at })}
                        >
                          ⚑ <span>{marker.name}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
              <input
                id="backup-slider"
                type="range"
                min={0}
                max={Math.max(last, 0)}
                step={1}
                value={index}
                aria-valuetext={pointText(selected)}
                onChange={(event) => go(unique[Number(event.target.value)])}
              />
            </div>
            <div className="backup-slider__ends hint">
              <span>{unique[0] ? time(unique[0].at) : ''}</span>
              <span>{intl.formatMessage(messages.timelineHint, { count: unique.length })}</span>
              <span>{intl.formatMessage(messages.newest)}</span>
            </div>
          </div>
          <div className="actions backup-timeline__actions">
            <button type="button" className="button button--small" disabled={index === 0} onClick={() => go(unique[index - 1])}>← {intl.formatMessage(messages.earlier)}</button>
            <button type="button" className="button button--small" disabled={index === last} onClick={() => go(unique[index + 1])}>{intl.formatMessage(messages.later)} →</button>
            <button type="button" className="button button--small" disabled={index === last} onClick={() => go(unique[last])}>{intl.formatMessage(messages.newest)}</button>
            {lastPage?.next && (
              <button type="button" className="button button--small" onClick={() => setCursors((current) => [...current, lastPage.next ?? ''])}>{intl.formatMessage(messages.older)}</button>
            )}
          </div>
          <form className="field-row backup-mark" onSubmit={submitMark}>
            <div className="field">
              <label htmlFor="backup-mark-name">{intl.formatMessage(messages.markName)}</label>
              <input id="backup-mark-name" className="input" maxLength={120} value={markName} onChange={(event) => setMarkName(event.target.value)} />
            </div>
            <button type="submit" className="button" disabled={markState.isLoading || markName.trim() === ''}>{intl.formatMessage(messages.mark)}</button>
          </form>
          <ProjectErrorAlert error={markState.error} />
        </section>
      )}

      {restoreState.isLoading && <ProgressBar label={intl.formatMessage(messages.restoring)} value={0} max={null} />}
      <ProjectErrorAlert error={restoreState.error} />
      {answer && (
        <div className="alert alert--success backup-answer" role="status" data-testid="restore-answer">
          <p className="alert__text">{intl.formatMessage(messages.restored, { count: answer.events })}</p>
          {answer.overCapacity.length > 0 && (
            <ul>
              {answer.overCapacity.map((entry) => (
                <li key={entry.itemId}>{intl.formatMessage(messages.overCapacity, { name: itemName(entry.itemId), placed: entry.placed, capacity: entry.capacity })}</li>
              ))}
            </ul>
          )}
          {answer.skipped.length > 0 && <p>{intl.formatMessage(messages.skipped, { count: answer.skipped.length })}</p>}
          {answer.events > 0 && (
            <button type="button" className="button" disabled={undoState.isLoading} onClick={() => void undoRestore(answer.commandId)}>
              {intl.formatMessage(messages.undoRestore)}
            </button>
          )}
        </div>
      )}
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
