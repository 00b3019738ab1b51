import { CalendarDays, Clock } from 'lucide-react';
import { useIntl } from 'react-intl';
import { CommentsButton, commentPath } from '../../comments';
import type { ItemView, ListView } from '../../projects';
import { cachedSignups } from '../link-cache';
import { VoteLabel } from '../signup-fields';
import { ownSignups } from './own-signups';
import { projectViewMessages as messages } from './project-view.messages';
import type { ItemActions } from './use-item-actions';
import type { ViewContext } from './view-context';

/** The item's date and time, each on its own line with an icon (the list shows them to visitors). */
function ItemSchedule({ item }: { item: ItemView }) {
  const intl = useIntl();
  if (!item.date && !item.time) return null;
  return (
    <p className="item-card__when">
      {item.date && (
        <span className="meta-line">
          <CalendarDays className="meta-line__icon" aria-hidden="true" focusable="false" />
          <time dateTime={item.date}>{intl.formatDate(`${item.date}T12:00:00`, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' })}</time>
        </span>
      )}
      {item.time && (
        <span className="meta-line">
          <Clock className="meta-line__icon" aria-hidden="true" focusable="false" />
          {intl.formatMessage(messages.itemTime, { from: item.time.from, to: item.time.to })}
        </span>
      )}
    </p>
  );
}

/** The remaining places ("Noch 3 Plätze frei"), a full item's taken places and the waitlist. */
function Places({ item }: { item: ItemView }) {
  const intl = useIntl();
  let text: string;
  if (item.free === null) text = intl.formatMessage(messages.unlimited);
  else if (item.free > 0) text = intl.formatMessage(messages.free, { count: item.free });
  else text = intl.formatMessage(messages.allTaken, { capacity: item.capacity ?? item.placed });
  return (
    <p className={item.free === 0 ? 'item-card__places item-card__places--full' : 'item-card__places'} data-testid="item-places">
      {text}
      {item.waitlisted > 0 && ` · ${intl.formatMessage(messages.waitlisted, { count: item.waitlisted })}`}
    </p>
  );
}

/**
 * The sign-up button of an item: a full item offers its list's waitlist ("Voll — auf die
 * Warteliste?"), or says it is full with the button disabled (the server would refuse: item
 * taken or list full).
 */
function SignupButton({ item, list, onSignup }: { item: ItemView; list: ListView; onSignup: () => void }) {
  const intl = useIntl();
  const full = item.free === 0;
  if (full && !list.settings.waitlist) {
    return (
      <button type="button" className="button item-card__action" disabled aria-label={intl.formatMessage(messages.fullFor, { name: item.name })}>
        {intl.formatMessage(messages.full)}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={full ? 'button item-card__action item-card__action--waitlist' : 'button button--primary item-card__action'}
      aria-label={intl.formatMessage(full ? messages.joinWaitlistFor : messages.signupFor, { name: item.name })}
      onClick={onSignup}
    >
      {intl.formatMessage(full ? messages.joinWaitlist : messages.signup)}
    </button>
  );
}

/** An item of the public view: its date, places, signing up, the own sign-ups and the visible names. */
export function ItemCard({ item, list, context, actions, showList = false }: { item: ItemView; list: ListView; context: ViewContext; actions: ItemActions; showList?: boolean }) {
  const intl = useIntl();
  const { view, viewer } = context;
  const projectId = view.project.projectId;
  const own = ownSignups(projectId, view.version, item, cachedSignups(projectId));
  const target = { projectId, list, item, version: view.version };
  // A blocked project takes sign-ups from its admins only (ADR 0005/0006).
  const open = list.windowState === 'open' && !view.project.locked && (view.project.blocked !== true || view.viewer.admin);
  const others = (item.signups ?? []).filter((signup) => !own.some((mine) => mine.signupId === signup.signupId));
  return (
    <li className={item.free === 0 ? 'item-card item-card--full' : 'item-card'} data-testid="public-item">
      <div className="item-card__body">
        <div className="item-card__text">
          <div className="item-card__title">
            <strong className="item-card__name">{item.name}</strong>
            {view.project.comments && viewer.signedIn && (
              <CommentsButton path={commentPath.item(projectId, list.listId, item.itemId)} name={item.name} canModerate={view.viewer.admin} />
            )}
          </div>
          {showList && <p className="hint item-card__list">{intl.formatMessage(messages.inList, { list: list.name })}</p>}
          <ItemSchedule item={item} />
          {item.description && <p className="item-card__description">{item.description}</p>}
        </div>
        <div className="item-card__side">
          <Places item={item} />
          {open && (viewer.admin || own.length === 0) && <SignupButton item={item} list={list} onSignup={() => actions.add(target)} />}
        </div>
      </div>
      {own.map((signup) => (
        <div key={signup.signupId} className="own-signup" data-testid="own-signup">
          <span className="own-signup__who">
            <span className="badge badge--primary">{intl.formatMessage(messages.mine)}</span>
            <span>{signup.name}</span>
            <span data-testid="own-signup-status">
              {signup.status === 'placed'
                ? intl.formatMessage(messages.placedStatus)
                : intl.formatMessage(messages.waitStatus, { position: signup.position ?? '?' })}
            </span>
            {signup.vote && <VoteLabel value={signup.vote} />}
          </span>
          {!view.project.locked && (
            <span className="own-signup__actions">
              {(list.fields.length > 0 || item.vote || signup.token) && (
                <button type="button" className="button" onClick={() => actions.change(target, signup)}>{intl.formatMessage(messages.change)}</button>
              )}
              <button type="button" className="button button--danger" onClick={() => actions.cancel(target, signup)}>{intl.formatMessage(messages.cancel)}</button>
            </span>
          )}
        </div>
      ))}
      {list.namesVisible && others.length > 0 && (
        <ul className="names" aria-label={intl.formatMessage(messages.names)}>
          {others.map((signup) => (
            <li key={signup.signupId} className={`signup signup--${signup.status}`}>
              {signup.name ?? intl.formatMessage(messages.anonymousName)}
              {signup.status === 'waitlisted' && signup.position !== null && <small className="hint"> ({intl.formatMessage(messages.waitStatus, { position: signup.position })})</small>}
              {signup.vote && <small className="hint"> · <VoteLabel value={signup.vote} /></small>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
