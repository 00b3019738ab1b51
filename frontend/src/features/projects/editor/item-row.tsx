import { useIntl } from 'react-intl';
import { CommentsButton, commentPath } from '../../comments';
import { valueText, VoteLabel, useCancelSignupMutation } from '../../signups';
import { ItemWhen } from '../item-when';
import { useClearItemSignupsMutation, useConfirmAttendanceMutation, useCopyItemMutation, useRemoveItemMutation, type ItemView, type ListView } from '../projects.api';
import { Icon, X } from '../../../shared/icons';
import { ActionMenu, type MenuEntry } from '../../../shared/ui';
import type { EditorContext } from './editor-context';
import { editorMessages as messages } from './project-editor.messages';
import { SortHandle, type HandleProps } from './sort-handle';

/** An item with its places, its menu and its sign-ups (attendance, delete one). */
export function ItemRow({ item, list, context, handle }: { item: ItemView; list: ListView; context: EditorContext; handle: HandleProps }) {
  const intl = useIntl();
  const { ref, team, tree } = context;
  const [removeItem] = useRemoveItemMutation();
  const [copyItem] = useCopyItemMutation();
  const [clearItem] = useClearItemSignupsMutation();
  const [cancelSignup] = useCancelSignupMutation();
  const [confirmAttendance] = useConfirmAttendanceMutation();
  const values = { name: item.name };

  const entries: MenuEntry[] = [
    { key: 'edit', label: intl.formatMessage(messages.edit), primary: true, onSelect: () => context.open({ kind: 'item', list, item }) },
    { key: 'copy', label: intl.formatMessage(messages.copy), onSelect: () => context.run(copyItem({ ...ref, listId: list.listId, itemId: item.itemId })) },
    {
      key: 'clear', label: intl.formatMessage(messages.clearItem),
      onSelect: () => context.confirmRun(intl.formatMessage(messages.clearItemConfirm, values), intl.formatMessage(messages.clearItem), () => clearItem({ ...ref, listId: list.listId, itemId: item.itemId })),
    },
    {
      key: 'delete', label: intl.formatMessage(messages.delete), danger: true,
      onSelect: () => context.confirmRun(intl.formatMessage(messages.deleteItemConfirm, values), intl.formatMessage(messages.delete), () => removeItem({ ...ref, listId: list.listId, itemId: item.itemId })),
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
                  aria-label={intl.formatMessage(messages.removeSignup, { name })}
                  onClick={() => context.confirmRun(
                    intl.formatMessage(messages.cancelSignupConfirm, { name }),
                    intl.formatMessage(messages.delete),
                    () => cancelSignup({ projectId: tree.project.projectId, listId: list.listId, signupId: signup.signupId }),
                  )}
                >
                  <Icon of={X} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
