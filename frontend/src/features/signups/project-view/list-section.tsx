import { useIntl } from 'react-intl';
import { CommentsButton, commentPath } from '../../comments';
import { windowStateMessages, type ItemView, type ListView } from '../../projects';
import { ItemCard } from './item-card';
import type { ItemActions } from './use-item-actions';
import type { ViewContext } from './view-context';

/** A list of the public view with its items (`items`: only these, as the filter found them). */
export function ListSection({ list, context, actions, items }: { list: ListView; context: ViewContext; actions: ItemActions; items?: ItemView[] }) {
  const intl = useIntl();
  const shown = items ?? list.items;
  return (
    <section className="list-card" id={`_list-${list.listId}`} aria-labelledby={`public-list-${list.listId}`} data-testid="public-list">
      <div className="list-card__head">
        <h3 id={`public-list-${list.listId}`}>{list.name}</h3>
        <span className={`badge window window--${list.windowState}`}>{intl.formatMessage(windowStateMessages[list.windowState])}</span>
        <span className="spacer" />
        {context.view.project.comments && context.viewer.signedIn && (
          <CommentsButton path={commentPath.list(context.view.project.projectId, list.listId)} name={list.name} canModerate={context.view.viewer.admin} />
        )}
      </div>
      {list.description && <p className="hint">{list.description}</p>}
      <ul className="items">
        {shown.map((item) => <ItemCard key={item.itemId} item={item} list={list} context={context} actions={actions} />)}
      </ul>
    </section>
  );
}
