import { useIntl } from 'react-intl';
import { cachedSignups } from '../link-cache';
import { ItemCard } from './item-card';
import { ownSignups } from './own-signups';
import { projectViewMessages as messages } from './project-view.messages';
import { useItemActions } from './use-item-actions';
import { useViewContext } from './view-context';

/** task: the visitor's own sign-ups in this project. */
export function TaskView() {
  const intl = useIntl();
  const context = useViewContext();
  const { actions, element } = useItemActions(context);
  const projectId = context.view.project.projectId;
  const cached = cachedSignups(projectId);
  const mine = context.view.lists.flatMap((list) => list.items.filter((item) => ownSignups(projectId, context.view.version, item, cached).length > 0).map((item) => ({ list, item })));
  return (
    <>
      {element}
      {mine.length === 0 && <p className="hint">{intl.formatMessage(messages.noMine)}</p>}
      <ul className="items">
        {mine.map(({ list, item }) => <ItemCard key={item.itemId} item={item} list={list} context={context} actions={actions} showList />)}
      </ul>
    </>
  );
}
