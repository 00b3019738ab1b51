import { useIntl } from 'react-intl';
import { ItemCard } from './item-card';
import { projectViewMessages as messages } from './project-view.messages';
import { useItemActions } from './use-item-actions';
import { useViewContext } from './view-context';

/** calendar: a simple agenda of the items grouped by their date. */
export function CalendarView() {
  const intl = useIntl();
  const context = useViewContext();
  const { actions, element } = useItemActions(context);
  const entries = context.view.lists.flatMap((list) => list.items.map((item) => ({ list, item })));
  const dated = entries.filter((entry) => entry.item.date !== null)
    .sort((a, b) => `${a.item.date}${a.item.time?.from ?? ''}`.localeCompare(`${b.item.date}${b.item.time?.from ?? ''}`));
  const days = [...new Set(dated.map((entry) => entry.item.date ?? ''))];
  return (
    <>
      {element}
      {days.length === 0 && <p className="hint">{intl.formatMessage(messages.noDates)}</p>}
      {days.map((day) => (
        <section key={day} className="agenda-day" aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`}>{intl.formatDate(`${day}T12:00:00`, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</h2>
          <ul className="items">
            {dated.filter((entry) => entry.item.date === day).map(({ list, item }) => (
              <ItemCard key={item.itemId} item={item} list={list} context={context} actions={actions} showList />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
