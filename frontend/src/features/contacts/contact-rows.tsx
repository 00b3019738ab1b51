import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Icon, Lock } from '../../shared/icons';
import { untyped } from '../../shared/untyped-messages';
import { ContactAvatar } from './contact-avatar';
import { contactPaths } from './contact.paths';
import type { ContactSummary } from './contacts.api';
import { contactMessages, fieldMessages, STATUS_LABEL, TYPE_LABEL } from './contacts.messages';

const messages = untyped(defineMessages({
  list: { id: 'contacts.list.label', defaultMessage: 'Kontakte des Teams', description: 'Accessible name of the contact list' },
  name: { id: 'contacts.list.colName', defaultMessage: 'Name', description: 'Column head of the contact list: name and company' },
  loadingMore: { id: 'contacts.list.loadingMore', defaultMessage: 'Weitere Kontakte werden geladen …', description: 'Said while the next contacts load' },
}));

// Row heights before measuring: one line on a desktop, a card on a phone (rows are measured as they show).
const ROW_HEIGHT = 57;
const CARD_HEIGHT = 140;
// Ask for the next page while this many loaded contacts are still below the screen.
const LOAD_AHEAD = 20;

/**
 * The contacts, virtualised against the window's scroll: only the rows near the screen are in
 * the page, so 50,000 contacts scroll as smoothly as 50. The next page loads as the person
 * nears the end of the loaded ones.
 */
export function ContactRows({ ccLink, items, total, hasMore, loadingMore, onLoadMore }: {
  ccLink: string;
  items: readonly ContactSummary[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const intl = useIntl();
  const listRef = useRef<HTMLUListElement>(null);
  const [offsetTop, setOffsetTop] = useState(0);
  // Where the list starts on the page (the toolbar and notices above it may change height).
  useLayoutEffect(() => {
    const top = listRef.current ? Math.round(listRef.current.getBoundingClientRect().top + window.scrollY) : 0;
    if (top !== offsetTop) setOffsetTop(top);
  });
  const narrow = typeof window !== 'undefined' && window.innerWidth <= 640;
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => (narrow ? CARD_HEIGHT : ROW_HEIGHT),
    overscan: 8,
    scrollMargin: offsetTop,
    getItemKey: (index) => items[index]?.contactId ?? index,
  });
  const shown = virtualizer.getVirtualItems();
  const lastShown = shown.at(-1)?.index ?? -1;

  // Once per length of the loaded list: a re-render while the page is on its way asks no second time.
  const askedAt = useRef(-1);
  useEffect(() => {
    if (!hasMore || loadingMore || lastShown < items.length - LOAD_AHEAD || askedAt.current === items.length) return;
    askedAt.current = items.length;
    onLoadMore();
  }, [hasMore, loadingMore, lastShown, items.length, onLoadMore]);

  return (
    <>
      <div className="contact-head" aria-hidden="true">
        <span />
        <span>{intl.formatMessage(messages.name)}</span>
        <span>{intl.formatMessage(fieldMessages.email)}</span>
        <span>{intl.formatMessage(fieldMessages.phone)}</span>
        <span>{intl.formatMessage(fieldMessages.city)}</span>
        <span>{intl.formatMessage(fieldMessages.type)}</span>
      </div>
      <ul ref={listRef} className="contact-list" aria-label={intl.formatMessage(messages.list)} style={{ height: virtualizer.getTotalSize() }}>
        {shown.map((row) => {
          const contact = items[row.index];
          if (!contact) return null;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              data-testid="contact-row"
              className="contact-item"
              aria-setsize={total}
              aria-posinset={row.index + 1}
              style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
            >
              <ContactRow ccLink={ccLink} contact={contact} />
            </li>
          );
        })}
      </ul>
      {loadingMore && <p className="hint contact-list__more" role="status">{intl.formatMessage(messages.loadingMore)}</p>}
    </>
  );
}

function ContactRow({ ccLink, contact }: { ccLink: string; contact: ContactSummary }) {
  const intl = useIntl();
  const name = contact.displayName !== '' ? contact.displayName : intl.formatMessage(contactMessages.unnamed);
  // The company stands under the name unless it is the name (a contact that is a company).
  const company = contact.company !== '' && contact.company !== contact.displayName ? contact.company : '';
  return (
    <div className="contact-row">
      <ContactAvatar name={name} />
      <span className="contact-row__name">
        <Link className="contact-row__link" to={contactPaths.contact.href(ccLink, contact.contactId)}>{name}</Link>
        {company && <span className="contact-row__company">{company}</span>}
      </span>
      <span className="contact-row__email">{contact.email}</span>
      <span className="contact-row__phone">{contact.phone}</span>
      <span className="contact-row__city">{contact.city}</span>
      <span className="contact-row__chips">
        <span className={`badge contact-type contact-type--${contact.type}`}>{intl.formatMessage(TYPE_LABEL[contact.type])}</span>
        {contact.status === 'inactive' && <span className="badge contact-badge--inactive">{intl.formatMessage(STATUS_LABEL.inactive)}</span>}
        {contact.blocked && <span className="badge contact-badge--blocked"><Icon of={Lock} /> {intl.formatMessage(contactMessages.blockedBadge)}</span>}
      </span>
    </div>
  );
}
