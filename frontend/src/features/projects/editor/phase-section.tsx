import { useIntl } from 'react-intl';
import { useDragSort } from '../../../shared/drag-sort';
import { useCopyPhaseMutation, useRemovePhaseMutation, useSortListsMutation, useSortPhasesMutation, type PhaseView } from '../projects.api';
import { ActionMenu, type MenuEntry } from '../../../shared/ui';
import type { EditorContext } from './editor-context';
import { ListCard } from './list-card';
import { editorMessages as messages } from './project-editor.messages';
import { SortHandle, type HandleProps } from './sort-handle';

/** A phase (or one of its sub-groups) with its menu, its lists and its sub-groups. */
export function PhaseSection({ phase, context, handle }: { phase: PhaseView; context: EditorContext; handle: HandleProps }) {
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
      onSelect: () => context.confirmRun(intl.formatMessage(messages.deletePhaseConfirm, values), intl.formatMessage(messages.delete), () => removePhase({ ...ref, phaseId: phase.phaseId })),
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
