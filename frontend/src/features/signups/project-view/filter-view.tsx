import { useState } from 'react';
import { useIntl } from 'react-intl';
import { TextField } from '../../../shared/form';
import { ListSection } from './list-section';
import { projectViewMessages as messages } from './project-view.messages';
import { useItemActions } from './use-item-actions';
import { useViewContext } from './view-context';

/** filter: search the items and show only those with free places. */
export function FilterView() {
  const intl = useIntl();
  const context = useViewContext();
  const { actions, element } = useItemActions(context);
  const [search, setSearch] = useState('');
  const [onlyFree, setOnlyFree] = useState(false);
  const needle = search.trim().toLowerCase();
  const lists = context.view.lists.map((list) => ({
    list,
    items: list.items.filter((item) => (needle === '' || `${item.name} ${item.description} ${list.name}`.toLowerCase().includes(needle)) && (!onlyFree || item.free === null || item.free > 0)),
  })).filter((entry) => entry.items.length > 0);
  return (
    <>
      {element}
      <div className="toolbar">
        <TextField label={intl.formatMessage(messages.search)} type="search" value={search} onValueChange={setSearch} />
        <div className="check">
          <input id="only-free" type="checkbox" checked={onlyFree} onChange={(event) => setOnlyFree(event.target.checked)} />
          <label htmlFor="only-free">{intl.formatMessage(messages.onlyFree)}</label>
        </div>
      </div>
      {lists.length === 0 && <p className="hint">{intl.formatMessage(messages.noMatch)}</p>}
      {lists.map(({ list, items }) => <ListSection key={list.listId} list={list} context={context} actions={actions} items={items} />)}
    </>
  );
}
