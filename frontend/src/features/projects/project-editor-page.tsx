import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from '../../app/api';
import { ShellLoader } from '../../app/app-shell-loader';
import { useAppDispatch } from '../../app/hooks';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { useProjectLive } from '../../app/realtime/use-project-live';
import { popupShown } from '../../app/ui.slice';
import { ProjectChanges } from '../activity/project-changes';
import { listBackupHref } from '../backups/backup.paths';
import { ProjectFillChart } from './charts/fill-rate-chart';
import { CommentsButton } from '../comments/comments-panel';
import { commentPath } from '../comments/comments.api';
import { valueText, VoteLabel } from '../signups/signup-fields';
import { useCancelSignUpMutation } from '../signups/signups.api';
import { EMPTY_SELECTION, selectedIds, toggleSelection, useDragSort, type Selection } from './drag-sort';
import { ItemDialog, ListDialog, MoveListDialog, MultiEditDialog, NotifyDialog, PhaseDialog } from './editor-dialogs';
import { actionMessages, useExport, useProjectActions, type ActionProject } from './project-actions';
import { useCopyToClipboard } from './project-dialogs';
import { ProjectErrorAlert } from './project-errors';
import { absoluteUrl, projectPaths } from './project.paths';
import { ItemWhen, windowStateMessages } from './item-when';
import { ColourDot, StatusBadge } from './project-status';
import {
  exportUrl, useChangeStatusMutation, useClearItemSignUpsMutation, useCleanListMutation, useConfirmAttendanceMutation,
  useCopyItemMutation, useCopyListMutation, useCopyPhaseMutation, useGetProjectTreeQuery, useRemoveItemMutation,
  useRemoveListMutation, useRemovePhaseMutation, useSortItemsMutation, useSortListsMutation, useSortPhasesMutation,
  type ItemView, type ListView, type PhaseView, type ProjectTree,
} from './projects.api';
import { ActionMenu, useConfirm, type MenuEntry } from './ui';
import { useManagedTeam, type ManagedTeam } from './use-managed-team';
import { untyped } from './untyped-messages';

const messages = untyped(defineMessages({
  back: { id: 'projects.editor.back', defaultMessage: 'Alle Projekte', description: 'Back to the project list' },
  release: { id: 'projects.editor.release', defaultMessage: 'Projekt freigeben', description: 'Releases the project (planning → active)' },
  released: { id: 'projects.editor.released', defaultMessage: 'Das Projekt ist freigegeben.', description: 'Popup after the release' },
  planning: { id: 'projects.editor.planning', defaultMessage: 'Dieses Projekt ist in Planung: nur die Verwaltung sieht es.', description: 'Planning notice' },
  publicView: { id: 'projects.editor.publicView', defaultMessage: 'Öffentliche Ansicht', description: 'Opens /{prjLink}' },
  addPhase: { id: 'projects.editor.addPhase', defaultMessage: 'Phase hinzufügen', description: 'Adds a phase' },
  addList: { id: 'projects.editor.addList', defaultMessage: 'Liste hinzufügen', description: 'Adds a list to a phase' },
  addItem: { id: 'projects.editor.addItem', defaultMessage: 'Eintrag hinzufügen', description: 'Adds an item to a list' },
  noPhases: { id: 'projects.editor.noPhases', defaultMessage: 'Lege eine Phase an, um Listen hinzuzufügen.', description: 'Empty project' },
  noLists: { id: 'projects.editor.noLists', defaultMessage: 'Noch keine Listen.', description: 'Empty phase' },
  noItems: { id: 'projects.editor.noItems', defaultMessage: 'Noch keine Einträge.', description: 'Empty list' },
  phaseMenu: { id: 'projects.editor.phaseMenu', defaultMessage: 'Aktionen für Phase {name}', description: 'Phase menu' },
  listMenu: { id: 'projects.editor.listMenu', defaultMessage: 'Aktionen für Liste {name}', description: 'List menu' },
  itemMenu: { id: 'projects.editor.itemMenu', defaultMessage: 'Aktionen für Eintrag {name}', description: 'Item menu' },
  edit: { id: 'projects.editor.edit', defaultMessage: 'Bearbeiten', description: 'Menu: edit' },
  delete: { id: 'projects.editor.delete', defaultMessage: 'Löschen', description: 'Menu: delete' },
  copy: { id: 'projects.editor.copy', defaultMessage: 'Kopieren', description: 'Menu: copy' },
  sort: { id: 'projects.editor.sort', defaultMessage: 'Nach Name sortieren', description: 'Menu: sort the children by name' },
  sortDate: { id: 'projects.editor.sortDate', defaultMessage: 'Nach Datum sortieren', description: 'Menu: sort the items by date' },
  subGroup: { id: 'projects.editor.subGroup', defaultMessage: 'Untergruppe anlegen', description: 'Menu: create a sub-group' },
  export: { id: 'projects.editor.export', defaultMessage: 'Exportieren (CSV)', description: 'Menu: export' },
  copyLink: { id: 'projects.editor.copyLink', defaultMessage: 'Link kopieren', description: 'Menu: copy link' },
  move: { id: 'projects.editor.moveMenu', defaultMessage: 'Verschieben', description: 'Menu: move' },
  clean: { id: 'projects.editor.clean', defaultMessage: 'Leeren', description: 'Menu: delete every sign-up of the list' },
  multiEdit: { id: 'projects.editor.multiEdit', defaultMessage: 'Mehrere bearbeiten', description: 'Menu: multi-edit' },
  notify: { id: 'projects.editor.notify', defaultMessage: 'Benachrichtigen', description: 'Menu: notify the signed-up members' },
  clearItem: { id: 'projects.editor.clearItem', defaultMessage: 'Alle Eintragungen löschen', description: 'Menu: delete every sign-up of the item' },
  deletePhaseConfirm: { id: 'projects.editor.deletePhaseConfirm', defaultMessage: 'Phase „{name}“ mit allen Listen und Einträgen löschen?', description: 'Confirm' },
  deleteListConfirm: { id: 'projects.editor.deleteListConfirm', defaultMessage: 'Liste „{name}“ mit allen Einträgen löschen?', description: 'Confirm' },
  deleteItemConfirm: { id: 'projects.editor.deleteItemConfirm', defaultMessage: 'Eintrag „{name}“ löschen?', description: 'Confirm' },
  cleanListConfirm: { id: 'projects.editor.cleanListConfirm', defaultMessage: 'Alle Eintragungen der Liste „{name}“ löschen?', description: 'Confirm' },
  clearItemConfirm: { id: 'projects.editor.clearItemConfirm', defaultMessage: 'Alle Eintragungen von „{name}“ löschen?', description: 'Confirm' },
  cancelSignUpConfirm: { id: 'projects.editor.cancelSignUpConfirm', defaultMessage: 'Eintragung von {name} löschen?', description: 'Confirm' },
  sortHandle: { id: 'projects.editor.sortHandle', defaultMessage: '{name} verschieben (ziehen oder Pfeiltasten)', description: 'Drag handle' },
  select: { id: 'projects.editor.select', defaultMessage: 'Liste {name} auswählen (Umschalt für Bereich)', description: 'List selection checkbox' },
  selected: { id: 'projects.editor.selected', defaultMessage: '{count, plural, one {# Liste} other {# Listen}} ausgewählt', description: 'Selection bar' },
  clearSelection: { id: 'projects.editor.clearSelection', defaultMessage: 'Auswahl aufheben', description: 'Clears the selection' },
  notified: { id: 'projects.editor.notified', defaultMessage: '{count, plural, one {# Person wird} other {# Personen werden}} benachrichtigt.', description: 'Popup after notify' },
  done: { id: 'projects.editor.done', defaultMessage: 'Erledigt.', description: 'Popup after an action' },
  capacity: { id: 'projects.editor.capacityShort', defaultMessage: '{placed} / {capacity} belegt', description: 'Placed of capacity' },
  unlimited: { id: 'projects.editor.unlimited', defaultMessage: '{placed} eingetragen', description: 'Placed of an unlimited item' },
  waitlisted: { id: 'projects.editor.waitlistedShort', defaultMessage: '{count} auf der Warteliste', description: 'Waitlist count' },
  waitPosition: { id: 'projects.editor.waitPosition', defaultMessage: 'Warteliste Platz {position}', description: 'Waitlist position' },
  attended: { id: 'projects.editor.attended', defaultMessage: '{name} war anwesend', description: 'Attendance checkbox' },
  confirmAll: { id: 'projects.editor.confirmAll', defaultMessage: 'Anwesenheit aller bestätigen', description: 'Confirms attendance of every placed sign-up' },
  removeSignUp: { id: 'projects.editor.removeSignUp', defaultMessage: 'Eintragung von {name} löschen', description: 'Deletes one sign-up' },
  anonymousName: { id: 'projects.editor.anonymousName', defaultMessage: 'Ohne Namen', description: 'A sign-up without a visible name' },
  manual: { id: 'projects.editor.manualAttendance', defaultMessage: 'Anwesenheit manuell', description: 'Manual attendance badge' },
  waitlistOn: { id: 'projects.editor.waitlistOn', defaultMessage: 'Warteliste', description: 'Waitlist badge' },
  anonymousOn: { id: 'projects.editor.anonymousOn', defaultMessage: 'Ohne Anmeldung', description: 'Anonymous badge' },
  fullList: { id: 'projects.editor.fullList', defaultMessage: 'Volle Liste', description: 'Full list badge' },
  itemTaken: { id: 'projects.editor.itemTaken', defaultMessage: 'Dieser Eintrag wurde gerade von jemand anderem bearbeitet.', description: 'Popup when someone else edited or deleted the item open in the editor, which closes (spec section 4: "the item is taken")' },
  backup: { id: 'projects.editor.backup', defaultMessage: 'Sicherung', description: 'List menu (only with Alt): the backup screen of the list' },
  shortcut: { id: 'projects.editor.shortcut', defaultMessage: 'Strg+P oder Strg+S exportiert das Projekt.', description: 'Keyboard hint' },
}));


type EditorDialog =
  | { kind: 'phase'; phase?: PhaseView; parent?: PhaseView }
  | { kind: 'list'; phase: PhaseView; list?: ListView }
  | { kind: 'item'; list: ListView; item?: ItemView }
  | { kind: 'move'; list: ListView }
  | { kind: 'notify'; list: ListView }
  | { kind: 'multi'; listIds: string[] };

interface EditorContext {
  team: ManagedTeam;
  tree: ProjectTree;
  ref: { teamId: string; projectId: string };
  open: (dialog: EditorDialog) => void;
  confirm: (text: string, options?: { confirmLabel?: string; danger?: boolean }) => Promise<boolean>;
  run: (action: Promise<{ data?: unknown; error?: ApiError | SerializedError }>) => void;
  exportPart: (part: { phaseId?: string; listId?: string }, name: string) => void;
  copyLink: (hash: string) => void;
  selection: Selection;
  onSelect: (listId: string, shift: boolean) => void;
  listOrder: string[];
}

function toActionProject(tree: ProjectTree): ActionProject {
  return {
    projectId: tree.project.projectId, name: tree.project.name, colour: tree.project.colour, status: tree.project.status,
    locked: tree.project.locked, visibility: tree.project.visibility, startDate: tree.project.startDate, link: tree.project.link,
    shareHash: tree.management.shareHash, description: tree.project.description, comments: tree.project.comments,
    hideArchived: tree.management.hideArchived,
  };
}

/** The project editor: phases (one level of sub-groups), lists and items with their menus. */
export function ProjectEditorPage({ projectId }: { projectId: string }) {
  const team = useManagedTeam();
  const { data: tree, error, isLoading } = useGetProjectTreeQuery({ teamId: team?.teamId ?? '', projectId }, { skip: !team });
  if (!team || isLoading) return <ShellLoader />;
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
  const [lastError, setLastError] = useState<ApiError | SerializedError | undefined>(undefined);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [release, releaseState] = useChangeStatusMutation();
  const [sortPhases] = useSortPhasesMutation();
  const listOrder = orderedLists(tree).map((list) => list.listId);
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

  // Ctrl+P / Ctrl+S export the project (spec section 2, keyboard).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || (event.key.toLowerCase() !== 'p' && event.key.toLowerCase() !== 's')) return;
      event.preventDefault();
      actions.runExport(project, 'csv');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const context: EditorContext = {
    team, tree, ref, confirm, selection, listOrder,
    open: setDialog,
    run: (action) => {
      setLastError(undefined);
      void action.then((result) => {
        if (result.error) setLastError(result.error);
        else dispatch(popupShown({ message: messages.done, tone: 'success' }));
      });
    },
    exportPart: (part, name) => void exporter.run(exportUrl(team.teamId, tree.project.projectId, 'csv', part), `${name}.csv`),
    copyLink: (hash) => copy(absoluteUrl(`${projectPaths.projectView.href(tree.project.link)}#${hash}`)),
    onSelect: (listId, shift) => setSelection((current) => toggleSelection(current, 'list', listOrder, listOrder.indexOf(listId), shift)),
  };

  const topPhases = tree.phases.filter((phase) => phase.folderId === null);
  const phaseSort = useDragSort(topPhases.map((phase) => phase.phaseId), (order) => context.run(sortPhases({ ...ref, folderId: null, order })));
  const selected = selectedIds(selection, 'list');

  return (
    <div className="page editor">
      <p><Link to={projectPaths.manageProjects.href(team.link)}>← {intl.formatMessage(messages.back)}</Link></p>
      <header className="page-head">
        <h1><ColourDot colour={tree.project.colour} /> {tree.project.name}</h1>
        <StatusBadge status={tree.project.status} locked={tree.project.locked} />
        <div className="actions">
          {tree.project.status === 3 && team.owner && (
            <button
              type="button"
              className="button button--primary"
              disabled={releaseState.isLoading}
              onClick={() => void release({ ...ref, body: { status: 1 } }).then((result) => result.data && dispatch(popupShown({ message: messages.released, tone: 'success' })))}
            >
              {intl.formatMessage(messages.release)}
            </button>
          )}
          <Link className="button" to={projectPaths.projectView.href(tree.project.link)}>{intl.formatMessage(messages.publicView)}</Link>
          <ProjectChanges teamId={team.teamId} ccLink={team.link} projectId={tree.project.projectId} />
          {tree.project.comments && <CommentsButton path={commentPath.project(tree.project.projectId)} name={tree.project.name} canModerate={team.admin} />}
          <ActionMenu label={intl.formatMessage(actionMessages.menu, { name: tree.project.name })} entries={actions.entriesFor(project, { inEditor: true })} />
        </div>
      </header>
      {tree.project.status === 3 && <p className="alert alert--info">{intl.formatMessage(messages.planning)}</p>}
      <ProjectErrorAlert error={releaseState.error} changeStatusHref={projectPaths.manageProjects.href(team.link)} />
      <ProjectErrorAlert error={lastError} upgradeHref={projectPaths.teamSetup.href(team.teamId)} />
      {actions.element}
      {exporter.element}
      <p className="hint">{intl.formatMessage(messages.shortcut)}</p>
      {selected.length > 0 && (
        <div className="selection-bar" role="region" aria-label={intl.formatMessage(messages.selected, { count: selected.length })}>
          <span>{intl.formatMessage(messages.selected, { count: selected.length })}</span>
          <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'multi', listIds: selected })}>{intl.formatMessage(messages.multiEdit)}</button>
          <button type="button" className="button" onClick={() => setSelection(EMPTY_SELECTION)}>{intl.formatMessage(messages.clearSelection)}</button>
        </div>
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
      {dialog?.kind === 'phase' && <PhaseDialog target={ref} phase={dialog.phase} parent={dialog.parent} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'list' && <ListDialog target={ref} phase={dialog.phase} list={dialog.list} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'item' && <ItemDialog target={ref} list={dialog.list} item={dialog.item} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'move' && <MoveListDialog target={ref} list={dialog.list} phases={tree.phases} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'notify' && (
        <NotifyDialog
          target={ref}
          list={dialog.list}
          onClose={() => setDialog(null)}
          onSent={(count) => {
            setDialog(null);
            dispatch(popupShown({ message: messages.notified, values: { count }, tone: 'success' }));
          }}
        />
      )}
      {dialog?.kind === 'multi' && (
        <MultiEditDialog
          target={ref}
          listIds={dialog.listIds}
          onClose={() => {
            setDialog(null);
            setSelection(EMPTY_SELECTION);
          }}
        />
      )}
    </div>
  );
}

/** Lists in display order: phases top-down, sub-groups after their phase's own lists. */
function orderedLists(tree: ProjectTree): ListView[] {
  const out: ListView[] = [];
  for (const phase of tree.phases.filter((candidate) => candidate.folderId === null)) {
    out.push(...tree.lists.filter((list) => list.phaseId === phase.phaseId));
    for (const group of tree.phases.filter((candidate) => candidate.folderId === phase.phaseId)) {
      out.push(...tree.lists.filter((list) => list.phaseId === group.phaseId));
    }
  }
  return out;
}

type HandleProps = ReturnType<ReturnType<typeof useDragSort>['handleProps']>;

function SortHandle({ name, handle }: { name: string; handle: HandleProps }) {
  const intl = useIntl();
  return (
    <button type="button" className="drag-handle" aria-label={intl.formatMessage(messages.sortHandle, { name })} {...handle}>
      ⠿
    </button>
  );
}

function PhaseSection({ phase, context, handle }: { phase: PhaseView; context: EditorContext; handle: HandleProps }) {
  const intl = useIntl();
  const { tree, ref } = context;
  const [removePhase] = useRemovePhaseMutation();
  const [copyPhase] = useCopyPhaseMutation();
  const [sortLists] = useSortListsMutation();
  const [sortPhases] = useSortPhasesMutation();
  const lists = tree.lists.filter((list) => list.phaseId === phase.phaseId);
  const groups = tree.phases.filter((candidate) => candidate.folderId === phase.phaseId);
  const listSort = useDragSort(lists.map((list) => list.listId), (order) => context.run(sortLists({ ...ref, phaseId: phase.phaseId, order })));
  const groupSort = useDragSort(groups.map((group) => group.phaseId), (order) => context.run(sortPhases({ ...ref, folderId: phase.phaseId, order })));
  const isGroup = phase.folderId !== null;
  const values = { name: phase.name };

  const entries: MenuEntry[] = [
    { key: 'edit', label: intl.formatMessage(messages.edit), primary: true, onSelect: () => context.open({ kind: 'phase', phase }) },
    { key: 'list', label: intl.formatMessage(messages.addList), onSelect: () => context.open({ kind: 'list', phase }) },
    // Sub-groups only one level deep (spec section 2: "only when not already in a group").
    { key: 'group', label: intl.formatMessage(messages.subGroup), hidden: isGroup, onSelect: () => context.open({ kind: 'phase', parent: phase }) },
    { key: 'copy', label: intl.formatMessage(messages.copy), onSelect: () => context.run(copyPhase({ ...ref, phaseId: phase.phaseId })) },
    {
      key: 'sort', label: intl.formatMessage(messages.sort), hidden: lists.length < 2,
      onSelect: () => context.run(sortLists({ ...ref, phaseId: phase.phaseId, order: [...lists].sort((a, b) => a.name.localeCompare(b.name)).map((list) => list.listId) })),
    },
    { key: 'export', label: intl.formatMessage(messages.export), onSelect: () => context.exportPart({ phaseId: phase.phaseId }, phase.name) },
    { key: 'link', label: intl.formatMessage(messages.copyLink), onSelect: () => context.copyLink(`_phase-${phase.phaseId}`) },
    {
      key: 'delete', label: intl.formatMessage(messages.delete), danger: true,
      onSelect: () => void context.confirm(intl.formatMessage(messages.deletePhaseConfirm, values), { confirmLabel: intl.formatMessage(messages.delete), danger: true })
        .then((ok) => ok && context.run(removePhase({ ...ref, phaseId: phase.phaseId }))),
    },
  ];

  const Heading = isGroup ? 'h3' : 'h2';
  return (
    <section className={isGroup ? 'phase phase--group' : 'phase'} id={`_phase-${phase.phaseId}`} aria-labelledby={`phase-title-${phase.phaseId}`} data-testid="phase">
      <div className="phase__head">
        <SortHandle name={phase.name} handle={handle} />
        <Heading id={`phase-title-${phase.phaseId}`}>{phase.name}</Heading>
        <button type="button" className="button button--small" onClick={() => context.open({ kind: 'list', phase })}>{intl.formatMessage(messages.addList)}</button>
        <ActionMenu label={intl.formatMessage(messages.phaseMenu, values)} entries={entries} />
      </div>
      {phase.description && <p className="hint">{phase.description}</p>}
      {lists.length === 0 && groups.length === 0 && <p className="hint">{intl.formatMessage(messages.noLists)}</p>}
      {listSort.order.map((listId) => {
        const list = lists.find((candidate) => candidate.listId === listId);
        return list ? <ListCard key={list.listId} list={list} phase={phase} context={context} handle={listSort.handleProps(list.listId)} /> : null;
      })}
      {groupSort.order.map((groupId) => {
        const group = groups.find((candidate) => candidate.phaseId === groupId);
        return group ? <PhaseSection key={group.phaseId} phase={group} context={context} handle={groupSort.handleProps(group.phaseId)} /> : null;
      })}
    </section>
  );
}

function ListCard({ list, phase, context, handle }: { list: ListView; phase: PhaseView; context: EditorContext; handle: HandleProps }) {
  const intl = useIntl();
  const { ref, team, tree } = context;
  const [removeList] = useRemoveListMutation();
  const [copyList] = useCopyListMutation();
  const [cleanList] = useCleanListMutation();
  const [sortItems] = useSortItemsMutation();
  const [confirmAttendance] = useConfirmAttendanceMutation();
  const navigate = useNavigate();
  const itemSort = useDragSort(list.items.map((item) => item.itemId), (order) => context.run(sortItems({ ...ref, listId: list.listId, order })));
  const values = { name: list.name };
  const isSelected = context.selection.type === 'list' && context.selection.items[list.listId] === true;
  const placedIds = list.items.flatMap((item) => (item.signups ?? []).filter((signup) => signup.status === 'placed' && signup.attended !== true).map((signup) => signup.signupId));

  const entries: MenuEntry[] = [
    { key: 'edit', label: intl.formatMessage(messages.edit), primary: true, onSelect: () => context.open({ kind: 'list', phase, list }) },
    { key: 'item', label: intl.formatMessage(messages.addItem), onSelect: () => context.open({ kind: 'item', list }) },
    { key: 'copy', label: intl.formatMessage(messages.copy), onSelect: () => context.run(copyList({ ...ref, listId: list.listId })) },
    { key: 'move', label: intl.formatMessage(messages.move), hidden: tree.phases.length < 2, onSelect: () => context.open({ kind: 'move', list }) },
    {
      key: 'clean', label: intl.formatMessage(messages.clean),
      onSelect: () => void context.confirm(intl.formatMessage(messages.cleanListConfirm, values), { confirmLabel: intl.formatMessage(messages.clean), danger: true })
        .then((ok) => ok && context.run(cleanList({ ...ref, listId: list.listId }))),
    },
    {
      key: 'sort', label: intl.formatMessage(messages.sort), hidden: list.items.length < 2,
      onSelect: () => context.run(sortItems({ ...ref, listId: list.listId, order: [...list.items].sort((a, b) => a.name.localeCompare(b.name)).map((item) => item.itemId) })),
    },
    {
      key: 'sortDate', label: intl.formatMessage(messages.sortDate), hidden: list.items.length < 2,
      onSelect: () => context.run(sortItems({
        ...ref, listId: list.listId,
        order: [...list.items].sort((a, b) => `${a.date ?? '9999'}${a.time?.from ?? ''}`.localeCompare(`${b.date ?? '9999'}${b.time?.from ?? ''}`)).map((item) => item.itemId),
      })),
    },
    {
      key: 'multi', label: intl.formatMessage(messages.multiEdit),
      onSelect: () => {
        const chosen = selectedIds(context.selection, 'list');
        context.open({ kind: 'multi', listIds: chosen.includes(list.listId) ? chosen : [...chosen, list.listId] });
      },
    },
    { key: 'notify', label: intl.formatMessage(messages.notify), onSelect: () => context.open({ kind: 'notify', list }) },
    { key: 'export', label: intl.formatMessage(messages.export), onSelect: () => context.exportPart({ listId: list.listId }, list.name) },
    { key: 'link', label: intl.formatMessage(messages.copyLink), onSelect: () => context.copyLink(`_list-${list.listId}`) },
    { key: 'backup', label: intl.formatMessage(messages.backup), altOnly: true, onSelect: () => void navigate(listBackupHref(team.link, tree.project.projectId, list.listId)) },
    {
      key: 'delete', label: intl.formatMessage(messages.delete), danger: true,
      onSelect: () => void context.confirm(intl.formatMessage(messages.deleteListConfirm, values), { confirmLabel: intl.formatMessage(messages.delete), danger: true })
        .then((ok) => ok && context.run(removeList({ ...ref, listId: list.listId }))),
    },
  ];

  return (
    <article className={isSelected ? 'list-card list-card--selected' : 'list-card'} id={`_list-${list.listId}`} aria-labelledby={`list-title-${list.listId}`} data-testid="list">
      <div className="list-card__head">
        <SortHandle name={list.name} handle={handle} />
        <input
          type="checkbox"
          aria-label={intl.formatMessage(messages.select, values)}
          checked={isSelected}
          onChange={() => undefined}
          onClick={(event) => context.onSelect(list.listId, event.shiftKey)}
        />
        <h4 id={`list-title-${list.listId}`}>{list.name}</h4>
        <span className={`badge window window--${list.windowState}`}>{intl.formatMessage(windowStateMessages[list.windowState])}</span>
        {list.type === 2 && <span className="badge">{intl.formatMessage(messages.fullList)}</span>}
        {list.settings.waitlist && <span className="badge">{intl.formatMessage(messages.waitlistOn)}</span>}
        {list.settings.allowAnonymous && <span className="badge">{intl.formatMessage(messages.anonymousOn)}</span>}
        {list.attendance === 'manual' && <span className="badge">{intl.formatMessage(messages.manual)}</span>}
        <span className="spacer" />
        {tree.project.comments && <CommentsButton path={commentPath.list(tree.project.projectId, list.listId)} name={list.name} canModerate={team.admin} />}
        <button type="button" className="button button--small" onClick={() => context.open({ kind: 'item', list })}>{intl.formatMessage(messages.addItem)}</button>
        <ActionMenu label={intl.formatMessage(messages.listMenu, values)} entries={entries} />
      </div>
      {list.description && <p className="hint">{list.description}</p>}
      {list.attendance === 'manual' && placedIds.length > 0 && (
        <button type="button" className="button button--small" onClick={() => context.run(confirmAttendance({ ...ref, listId: list.listId, signupIds: placedIds, attended: true }))}>
          {intl.formatMessage(messages.confirmAll)}
        </button>
      )}
      {list.items.length === 0 && <p className="hint">{intl.formatMessage(messages.noItems)}</p>}
      <ul className="items">
        {itemSort.order.map((itemId) => {
          const item = list.items.find((candidate) => candidate.itemId === itemId);
          return item ? <ItemRow key={item.itemId} item={item} list={list} context={context} handle={itemSort.handleProps(item.itemId)} /> : null;
        })}
      </ul>
    </article>
  );
}

function ItemRow({ item, list, context, handle }: { item: ItemView; list: ListView; context: EditorContext; handle: HandleProps }) {
  const intl = useIntl();
  const { ref, team, tree } = context;
  const [removeItem] = useRemoveItemMutation();
  const [copyItem] = useCopyItemMutation();
  const [clearItem] = useClearItemSignUpsMutation();
  const [cancelSignUp] = useCancelSignUpMutation();
  const [confirmAttendance] = useConfirmAttendanceMutation();
  const values = { name: item.name };

  const entries: MenuEntry[] = [
    { key: 'edit', label: intl.formatMessage(messages.edit), primary: true, onSelect: () => context.open({ kind: 'item', list, item }) },
    { key: 'copy', label: intl.formatMessage(messages.copy), onSelect: () => context.run(copyItem({ ...ref, listId: list.listId, itemId: item.itemId })) },
    {
      key: 'clear', label: intl.formatMessage(messages.clearItem),
      onSelect: () => void context.confirm(intl.formatMessage(messages.clearItemConfirm, values), { confirmLabel: intl.formatMessage(messages.clearItem), danger: true })
        .then((ok) => ok && context.run(clearItem({ ...ref, listId: list.listId, itemId: item.itemId }))),
    },
    {
      key: 'delete', label: intl.formatMessage(messages.delete), danger: true,
      onSelect: () => void context.confirm(intl.formatMessage(messages.deleteItemConfirm, values), { confirmLabel: intl.formatMessage(messages.delete), danger: true })
        .then((ok) => ok && context.run(removeItem({ ...ref, listId: list.listId, itemId: item.itemId }))),
    },
  ];

  return (
    <li className="item-row" data-testid="item">
      <div className="item-row__head">
        <SortHandle name={item.name} handle={handle} />
        <strong>{item.name}</strong>
        <ItemWhen item={item} />
        <span className="hint">
          {item.capacity === null ? intl.formatMessage(messages.unlimited, { placed: item.placed }) : intl.formatMessage(messages.capacity, { placed: item.placed, capacity: item.capacity })}
          {item.waitlisted > 0 && ` · ${intl.formatMessage(messages.waitlisted, { count: item.waitlisted })}`}
        </span>
        <span className="spacer" />
        {tree.project.comments && <CommentsButton path={commentPath.item(tree.project.projectId, list.listId, item.itemId)} name={item.name} canModerate={team.admin} />}
        <ActionMenu label={intl.formatMessage(messages.itemMenu, values)} entries={entries} />
      </div>
      {item.signups && item.signups.length > 0 && (
        <ul className="signups">
          {item.signups.map((signup) => {
            const name = signup.name ?? intl.formatMessage(messages.anonymousName);
            return (
              <li key={signup.signupId} className={`signup signup--${signup.status}`} data-testid="editor-signup">
                <span>{name}</span>
                {signup.status === 'waitlisted' && signup.position !== null && <span className="badge">{intl.formatMessage(messages.waitPosition, { position: signup.position })}</span>}
                {signup.vote && <span className="badge"><VoteLabel value={signup.vote} /></span>}
                {list.fields.map((field) => {
                  const text = valueText(signup.values?.[field.fieldId]);
                  return text === '' ? null : <span key={field.fieldId} className="hint">{field.label}: {text}</span>;
                })}
                {list.attendance === 'manual' && signup.status === 'placed' && (
                  <label className="check check--inline">
                    <input
                      type="checkbox"
                      checked={signup.attended === true}
                      onChange={(event) => context.run(confirmAttendance({ ...ref, listId: list.listId, signupIds: [signup.signupId], attended: event.target.checked }))}
                    />
                    {intl.formatMessage(messages.attended, { name })}
                  </label>
                )}
                <button
                  type="button"
                  className="icon-button"
                  aria-label={intl.formatMessage(messages.removeSignUp, { name })}
                  onClick={() => void context.confirm(intl.formatMessage(messages.cancelSignUpConfirm, { name }), { danger: true, confirmLabel: intl.formatMessage(messages.delete) })
                    .then((ok) => ok && context.run(cancelSignUp({ projectId: tree.project.projectId, listId: list.listId, signupId: signup.signupId })))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

