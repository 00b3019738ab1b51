import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { listBackupHref } from '../../backups';
import { CommentsButton, commentPath } from '../../comments';
import { selectedIds, useDragSort } from '../../../shared/drag-sort';
import { windowStateMessages } from '../item-when';
import { useCleanListMutation, useConfirmAttendanceMutation, useCopyListMutation, useRemoveListMutation, useSortItemsMutation, type ListView, type PhaseView } from '../projects.api';
import { ActionMenu, type MenuEntry } from '../../../shared/ui';
import type { EditorContext } from './editor-context';
import { ItemRow } from './item-row';
import { editorMessages as messages } from './project-editor.messages';
import { SortHandle, type HandleProps } from './sort-handle';

/** A list with its badges, its menu (Alt adds the backup) and its items. */
export function ListCard({ list, phase, context, handle }: { list: ListView; phase: PhaseView; context: EditorContext; handle: HandleProps }) {
  const intl = useIntl();
  const { ref, team, tree } = context;
  const navigate = useNavigate();
  const [removeList] = useRemoveListMutation();
  const [copyList] = useCopyListMutation();
  const [cleanList] = useCleanListMutation();
  const [sortItems] = useSortItemsMutation();
  const [confirmAttendance] = useConfirmAttendanceMutation();
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
      onSelect: () => context.confirmRun(intl.formatMessage(messages.cleanListConfirm, values), intl.formatMessage(messages.clean), () => cleanList({ ...ref, listId: list.listId })),
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
      onSelect: () => context.confirmRun(intl.formatMessage(messages.deleteListConfirm, values), intl.formatMessage(messages.delete), () => removeList({ ...ref, listId: list.listId })),
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
