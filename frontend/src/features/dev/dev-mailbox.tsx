import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useListDevMailboxQuery, type DevMail } from './dev.api';
import { devMessages } from './dev.messages';
import { mailLinks, splitMailText } from './mail-links';

// Mail delivery is a background job: the list looks again every few seconds.
const POLL_MS = 3_000;

export function DevMailbox() {
  const intl = useIntl();
  const headingId = useId();
  const { data: mails, isError, isLoading, refetch } = useListDevMailboxQuery(undefined, { pollingInterval: POLL_MS });
  const [openId, setOpenId] = useState<number | null>(null);
  const open = mails?.find((mail) => mail.id === openId) ?? null;

  return (
    <section className="card dev-mailbox" aria-labelledby={headingId}>
      <div className="dev-mailbox__header">
        <h2 id={headingId}>{intl.formatMessage(devMessages.title)}</h2>
        <button type="button" className="button" onClick={() => void refetch()}>
          {intl.formatMessage(devMessages.refresh)}
        </button>
      </div>
      <p className="hint">{intl.formatMessage(devMessages.intro)}</p>
      {isError && <p className="alert alert--danger" role="alert">{intl.formatMessage(devMessages.loadFailed)}</p>}
      {!isLoading && mails?.length === 0 && <p role="status">{intl.formatMessage(devMessages.empty)}</p>}
      {mails && mails.length > 0 && (
        <div className="dev-mailbox__panes">
          <ul className="dev-mailbox__list" aria-label={intl.formatMessage(devMessages.list)}>
            {mails.map((mail) => (
              <li key={mail.id}>
                <button
                  type="button"
                  className="dev-mailbox__item"
                  aria-pressed={mail.id === openId}
                  onClick={() => setOpenId(mail.id)}
                >
                  <span className="dev-mailbox__subject">{mail.subject}</span>
                  <span className="dev-mailbox__meta">
                    {mail.to} · <time dateTime={mail.received}>{formatReceived(intl, mail.received)}</time>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {open ? <OpenMail mail={open} /> : <p className="hint">{intl.formatMessage(devMessages.choose)}</p>}
        </div>
      )}
    </section>
  );
}

function OpenMail({ mail }: { mail: DevMail }) {
  const intl = useIntl();
  const subjectId = useId();
  const links = mailLinks(mail.text);
  return (
    <article className="dev-mail" aria-labelledby={subjectId}>
      <h3 id={subjectId}>{mail.subject}</h3>
      <dl className="facts">
        <div className="facts__row">
          <dt>{intl.formatMessage(devMessages.to)}</dt>
          <dd>{mail.toName ? `${mail.toName} <${mail.to}>` : mail.to}</dd>
        </div>
        <div className="facts__row">
          <dt>{intl.formatMessage(devMessages.received)}</dt>
          <dd><time dateTime={mail.received}>{formatReceived(intl, mail.received)}</time></dd>
        </div>
        <div className="facts__row">
          <dt>{intl.formatMessage(devMessages.language)}</dt>
          <dd>{mail.language}</dd>
        </div>
      </dl>
      <h4>{intl.formatMessage(devMessages.text)}</h4>
      <pre className="dev-mail__text">
        {splitMailText(mail.text).map((part, index) =>
          part.kind === 'link' ? <a key={index} href={part.href}>{part.href}</a> : part.text,
        )}
      </pre>
      <h4>{intl.formatMessage(devMessages.links)}</h4>
      {links.length === 0 ? (
        <p className="hint">{intl.formatMessage(devMessages.noLinks)}</p>
      ) : (
        <ul aria-label={intl.formatMessage(devMessages.links)}>
          {links.map((href) => <li key={href}><a href={href}>{href}</a></li>)}
        </ul>
      )}
      <details>
        <summary>{intl.formatMessage(devMessages.html)}</summary>
        {/* No scripts, no navigation: the HTML is shown, its links are used from the list above. */}
        <iframe className="dev-mail__html" title={intl.formatMessage(devMessages.htmlFrame)} sandbox="" srcDoc={mail.html} />
      </details>
    </article>
  );
}

function formatReceived(intl: ReturnType<typeof useIntl>, iso: string): string {
  return intl.formatDate(iso, { dateStyle: 'short', timeStyle: 'medium' });
}
