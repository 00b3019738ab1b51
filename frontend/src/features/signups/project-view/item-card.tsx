import { useIntl } from 'react-intl';
import { CommentsButton, commentPath } from '../../comments';
import { ItemWhen, type ItemView, type ListView } from '../../projects';
import { cachedSignups } from '../link-cache';
import { VoteLabel } from '../signup-fields';
import { ownSignups } from './own-signups';
import { projectViewMessages as messages } from './project-view.messages';
import type { ItemActions } from './use-item-actions';
import type { ViewContext } from './view-context';

function FreePlaces({ item, list }: { item: ItemView; list: ListView }) {
  const intl = useIntl();
  let text: string;
  if (item.free === null) text = intl.formatMessage(messages.unlimited);
  else if (item.free > 0) text = intl.formatMessage(messages.free, { count: item.free });
  else text = intl.formatMessage(list.settings.waitlist ? messages.fullWaitlist : messages.full);
  return (
    <span className={item.free === 0 ? 'badge badge--full' : 'badge'}>
      {text}
      {item.waitlisted > 0 && ` · ${intl.formatMessage(messages.waitlisted, { count: item.waitlisted })}`}
    </span>
  );
}

/**
 * The sign-up button of an item: a full item offers its list's waitlist, or says it is full
 * with the button disabled (the server would refuse: item taken or list full).
 */
function SignupButton({ item, list, onSignup }: { item: ItemView; list: ListView; onSignup: () => void }) {
  const intl = useIntl();
  const full = item.free === 0;
  if (full && !list.settings.waitlist) {
    return (
      <button type="button" className="button button--small" disabled aria-label={intl.formatMessage(messages.fullFor, { name: item.name })}>
        {intl.formatMessage(messages.full)}
      </button>
    );
  }
  return (
    <button
      type="button"
      className="button button--primary button--small"
      aria-label={intl.formatMessage(full ? messages.joinWaitlistFor : messages.signupFor, { name: item.name })}
      onClick={onSignup}
    >
      {intl.formatMessage(full ? messages.joinWaitlist : messages.signup)}
    </button>
  );
}

/** An item of the public view: its places, signing up, the own sign-ups and the visible names. */
export function ItemCard({ item, list, context, actions, showList = false }: { item: ItemView; list: ListView; context: ViewContext; actions: ItemActions; showList?: boolean }) {
  const intl = useIntl();
  const { view, viewer } = context;
  const projectId = view.project.projectId;
  const own = ownSignups(projectId, view.version, item, cachedSignups(projectId));
  const target = { projectId, list, item, version: view.version };
  const open = list.windowState === 'open' && !view.project.locked;
  const others = (item.signups ?? []).filter((signup) => !own.some((mine) => mine.signupId === signup.signupId));
  return (
    <li className="item-card" data-testid="public-item">
      <div className="item-card__head">
        <strong>{item.name}</strong>
        <ItemWhen item={item} />
        {showList && <span className="hint">{intl.formatMessage(messages.inList, { list: list.name })}</span>}
        <FreePlaces item={item} list={list} />
        <span className="spacer" />
        {view.project.comments && viewer.signedIn && (
          <CommentsButton path={commentPath.item(projectId, list.listId, item.itemId)} name={item.name} canModerate={view.viewer.admin} />
        )}
        {open && (viewer.admin || own.length === 0) && <SignupButton item={item} list={list} onSignup={() => actions.add(target)} />}
      </div>
      {item.description && <p className="hint">{item.description}</p>}
      {own.map((signup) => (
        <div key={signup.signupId} className="own-signup" data-testid="own-signup">
          <span className="badge badge--primary">{intl.formatMessage(messages.mine)}</span>
          <span>{signup.name}</span>
          <span data-testid="own-signup-status">
            {signup.status === 'placed'
              ? intl.formatMessage(messages.placedStatus)
              : intl.formatMessage(messages.waitStatus, { position: signup.position ?? '?' })}
          </span>
          {signup.vote && <VoteLabel value={signup.vote} />}
          {!view.project.locked && (
            <>
              {(list.fields.length > 0 || item.vote || signup.token) && (
                <button type="button" className="button button--small" onClick={() => actions.change(target, signup)}>{intl.formatMessage(messages.change)}</button>
              )}
              <button type="button" className="button button--small button--danger" onClick={() => actions.cancel(target, signup)}>{intl.formatMessage(messages.cancel)}</button>
            </>
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
