import { CommentsButton, commentPath } from '../../comments';
import type { ItemView, ListView } from '../../projects';
import { ItemCard } from './item-card';
import type { ItemActions } from './use-item-actions';
import type { ViewContext } from './view-context';
import { WindowNote } from './window-note';

/** A list of the public view with its items (`items`: only these, as the filter found them). */
export function ListSection({ list, context, actions, items }: { list: ListView; context: ViewContext; actions: ItemActions; items?: ItemView[] }) {
  const shown = items ?? list.items;
  return (
    <section className="list-card" id={`_list-${list.listId}`} aria-labelledby={`public-list-${list.listId}`} data-testid="public-list">
      <div className="list-card__head">
        <h3 id={`public-list-${list.listId}`}>{list.name}</h3>
        <span className="spacer" />
        {context.view.project.comments && context.viewer.signedIn && (
          <CommentsButton path={commentPath.list(context.view.project.projectId, list.listId)} name={list.name} canModerate={context.view.viewer.admin} />
        )}
      </div>
      <WindowNote list={list} />
      {list.description && <p className="list-card__description">{list.description}</p>}
      <ul className="items">
        {shown.map((item) => <ItemCard key={item.itemId} item={item} list={list} context={context} actions={actions} />)}
      </ul>
    </section>
  );
}
