import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { ContactAvatar } from '../contacts';
import { untyped } from '../../shared/untyped-messages';
import { memberPaths } from './member.paths';
import type { MemberSummary } from './members.api';
import { formatDay, MEMBER_STATUS_LABEL, memberFieldMessages, memberMessages } from './members.messages';

const messages = untyped(defineMessages({
  list: { id: 'members.list.label', defaultMessage: 'Mitglieder des Teams', description: 'Accessible name of the member list' },
  loadingMore: { id: 'members.list.loadingMore', defaultMessage: 'Weitere Mitglieder werden geladen …', description: 'Said while the next members load' },
  since: { id: 'members.list.since', defaultMessage: 'seit {date}', description: 'Entry date of a member in the list' },
  between: { id: 'members.list.between', defaultMessage: '{entry} bis {exit}', description: 'Entry and exit date of a member who left' },
}));

// Row heights before measuring: one line on a desktop, a card on a phone (rows are measured as they show).
const ROW_HEIGHT = 57;
const CARD_HEIGHT = 150;
// Ask for the next page while this many loaded members are still below the screen.
const LOAD_AHEAD = 20;

/**
 * The members, virtualised against the window's scroll like the contact list: only the rows
 * near the screen are in the page; the next page loads as the person nears the end.
 */
export function MemberRows({ ccLink, items, total, hasMore, loadingMore, onLoadMore }: {
  ccLink: string;
  items: readonly MemberSummary[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const intl = useIntl();
  const listRef = useRef<HTMLUListElement>(null);
  const [offsetTop, setOffsetTop] = useState(0);
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

  const askedAt = useRef(-1);
  useEffect(() => {
    if (!hasMore || loadingMore || lastShown < items.length - LOAD_AHEAD || askedAt.current === items.length) return;
    askedAt.current = items.length;
    onLoadMore();
  }, [hasMore, loadingMore, lastShown, items.length, onLoadMore]);

  return (
    <>
      <div className="member-head" aria-hidden="true">
        <span>{intl.formatMessage(memberFieldMessages.number)}</span>
        <span />
        <span>{intl.formatMessage(memberFieldMessages.name)}</span>
        <span>{intl.formatMessage(memberFieldMessages.email)}</span>
        <span>{intl.formatMessage(memberFieldMessages.status)}</span>
        <span>{intl.formatMessage(memberFieldMessages.feeCategory)}</span>
        <span>{intl.formatMessage(memberFieldMessages.entryDate)}</span>
      </div>
      <ul ref={listRef} className="member-list" aria-label={intl.formatMessage(messages.list)} style={{ height: virtualizer.getTotalSize() }}>
        {shown.map((row) => {
          const member = items[row.index];
          if (!member) return null;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              data-testid="member-row"
              className="member-item"
              aria-setsize={total}
              aria-posinset={row.index + 1}
              style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
            >
              <MemberRow ccLink={ccLink} member={member} />
            </li>
          );
        })}
      </ul>
      {loadingMore && <p className="hint member-list__more" role="status">{intl.formatMessage(messages.loadingMore)}</p>}
    </>
  );
}

function MemberRow({ ccLink, member }: { ccLink: string; member: MemberSummary }) {
  const intl = useIntl();
  const name = member.displayName !== '' ? member.displayName : intl.formatMessage(memberMessages.unnamed);
  const entry = formatDay(intl, member.entryDate);
  return (
    <div className="member-row">
      <span className="member-row__number">{member.memberNumber}</span>
      <ContactAvatar name={name} />
      <span className="member-row__name">
        <Link className="member-row__link" to={memberPaths.member.href(ccLink, member.contactId)}>{name}</Link>
      </span>
      <span className="member-row__email">{member.email}</span>
      <span className="member-row__chips">
        <span className={`badge member-status member-status--${member.status}`}>{intl.formatMessage(MEMBER_STATUS_LABEL[member.status])}</span>
      </span>
      <span className="member-row__fee">{member.feeCategoryName ?? ''}</span>
      <span className="member-row__dates">
        {member.exitDate !== null
          ? intl.formatMessage(messages.between, { entry, exit: formatDay(intl, member.exitDate) })
          : intl.formatMessage(messages.since, { date: entry })}
      </span>
    </div>
  );
}
