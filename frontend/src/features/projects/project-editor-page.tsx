import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Skeleton } from '../../shared/skeleton';
import { useAppDispatch } from '../../app/hooks';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { useProjectLive } from '../../app/realtime/use-project-live';
import { popupShown } from '../../app/ui.slice';
import { ProjectFillChart } from '../analysis';
import { useDragSort } from '../../shared/drag-sort';
import type { EditorContext, EditorDialog } from './editor/editor-context';
import { EditorDialogHost } from './editor/editor-dialog-host';
import { EditorHeader } from './editor/editor-header';
import { PhaseSection } from './editor/phase-section';
import { editorMessages as messages } from './editor/project-editor.messages';
import { SelectionBar } from './editor/selection-bar';
import { useEditorRun } from './editor/use-editor-run';
import { useEditorSelection } from './editor/use-editor-selection';
import { useExportShortcut } from './editor/use-export-shortcut';
import { useExport, useProjectActions, type ActionProject } from './project-actions';
import { useCopyToClipboard } from './project-dialogs/use-copy-to-clipboard';
import { ProjectErrorAlert } from '../../shared/project-errors';
import { absoluteUrl, projectPaths } from './project.paths';
import { exportUrl, useGetProjectTreeQuery, useSortPhasesMutation, type ProjectTree } from './projects.api';
import { useConfirm } from '../../shared/ui';
import { useManagedTeam, type ManagedTeam } from './use-managed-team';

function toActionProject(tree: ProjectTree): ActionProject {
  return {
    projectId: tree.project.projectId, name: tree.project.name, colour: tree.project.colour, status: tree.project.status,
    locked: tree.project.locked, visibility: tree.project.visibility, startDate: tree.project.startDate, link: tree.project.link,
    shareHash: tree.management.shareHash, description: tree.project.description, place: tree.project.place ?? '', comments: tree.project.comments,
    hideArchived: tree.management.hideArchived,
  };
}

/** The project editor: phases (one level of sub-groups), lists and items with their menus. */
export function ProjectEditorPage({ projectId }: { projectId: string }) {
  const team = useManagedTeam();
  const { data: tree, error, isLoading } = useGetProjectTreeQuery({ teamId: team?.teamId ?? '', projectId }, { skip: !team });
  if (!team || isLoading) return <div className="page"><Skeleton shape="page" /></div>;
  if (!tree) return <div className="page"><ProjectErrorAlert error={error} /></div>;
  return <ProjectEditor team={team} tree={tree} />;
}

function ProjectEditor({ team, tree }: { team: ManagedTeam; tree: ProjectTree }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  usePageTitle(tree.project.name);
  const ref = { teamId: team.teamId, projectId: tree.project.projectId };
  const project = toActionProject(tree);
  const actions = useProjectActions(team.teamId, team.link, team.owner);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const exporter = useExport();
  const copy = useCopyToClipboard();
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const { run, lastError } = useEditorRun();
  const selection = useEditorSelection(tree);
  const [sortPhases] = useSortPhasesMutation();
  const navigate = useNavigate();

  // Live updates instead of polling (spec section 4; ADR 0009): the tree refetches on every
  // change; someone else's edit of the item open in the item editor closes it.
  useProjectLive(tree.project.projectId, {
    editingItemId: dialog?.kind === 'item' ? (dialog.item?.itemId ?? null) : null,
    onItemTaken: () => {
      setDialog(null);
      dispatch(popupShown({ message: messages.itemTaken, tone: 'danger' }));
    },
    // Someone else's delete returns to start; the own trash or purge is handled by the action.
    onDeleted: (message) => {
      if (!message.data.mine) void navigate(paths.start.href());
    },
  });
  useExportShortcut(() => actions.runExport(project, 'csv'));

  const context: EditorContext = {
    team, tree, ref, run,
    selection: selection.selection,
    open: setDialog,
    confirmRun: (text, confirmLabel, action) => void confirm(text, { confirmLabel, danger: true }).then((ok) => ok && run(action())),
    exportPart: (part, name) => void exporter.run(exportUrl(team.teamId, tree.project.projectId, 'csv', part), `${name}.csv`),
    copyLink: (hash) => copy(absoluteUrl(`${projectPaths.projectView.href(tree.project.link)}#${hash}`)),
    onSelect: selection.onSelect,
  };

  const topPhases = tree.phases.filter((phase) => phase.folderId === null);
  const phaseSort = useDragSort(topPhases.map((phase) => phase.phaseId), (order) => run(sortPhases({ ...ref, folderId: null, order })));
  const selected = selection.selected;

  return (
    <div className="page editor">
      <EditorHeader team={team} tree={tree} target={ref} menuEntries={actions.entriesFor(project, { inEditor: true })} onInvite={project.status === 0 ? undefined : () => actions.invite(project)} />
      <ProjectErrorAlert error={lastError} upgradeHref={projectPaths.teamSetup.href(team.teamId)} />
      {actions.element}
      {exporter.element}
      <p className="hint">{intl.formatMessage(messages.shortcut)}</p>
      {selected.length > 0 && (
        <SelectionBar count={selected.length} onMultiEdit={() => setDialog({ kind: 'multi', listIds: selected })} onClear={selection.clear} />
      )}
      {topPhases.length === 0 && <p className="hint">{intl.formatMessage(messages.noPhases)}</p>}
      <div className="phases">
        {phaseSort.order.map((phaseId) => {
          const phase = tree.phases.find((candidate) => candidate.phaseId === phaseId);
          return phase ? <PhaseSection key={phase.phaseId} phase={phase} context={context} handle={phaseSort.handleProps(phase.phaseId)} /> : null;
        })}
      </div>
      <button type="button" className="button" onClick={() => setDialog({ kind: 'phase' })}>{intl.formatMessage(messages.addPhase)}</button>
      {tree.lists.length > 0 && <ProjectFillChart teamId={team.teamId} projectId={tree.project.projectId} />}
      {confirmDialog}
      <EditorDialogHost dialog={dialog} target={ref} phases={tree.phases} onClose={() => setDialog(null)} onMultiClosed={selection.clear} />
    </div>
  );
}
