import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { ProjectErrorAlert } from '../../shared/project-errors';
import { Modal } from '../../shared/ui';
import { useAddCommentMutation, useGetCommentDetailsQuery, useGetCommentIndexQuery, useRemoveCommentMutation } from './comments.api';
import { untyped } from '../../shared/untyped-messages';

const messages = untyped(defineMessages({
  button: { id: 'comments.button', defaultMessage: '{count, plural, =0 {Kommentieren} one {# Kommentar} other {# Kommentare}}', description: 'Opens the comments of a project, list or item' },
  buttonLabel: { id: 'comments.buttonLabel', defaultMessage: '{button}: {name}', description: 'Accessible label of the comments button: its visible text first (WCAG 2.5.3), then what is commented' },
  title: { id: 'comments.title', defaultMessage: 'Kommentare: {name}', description: 'Title of the comments panel' },
  empty: { id: 'comments.empty', defaultMessage: 'Noch keine Kommentare.', description: 'No comments yet' },
  text: { id: 'comments.text', defaultMessage: 'Dein Kommentar', description: 'Comment text field' },
  add: { id: 'comments.add', defaultMessage: 'Kommentar senden', description: 'Adds the comment' },
  remove: { id: 'comments.remove', defaultMessage: 'Entfernen', description: 'Removes a comment' },
  removed: { id: 'comments.authorRemoved', defaultMessage: 'Ehemaliges Mitglied', description: 'Author erased their account' },
  unknown: { id: 'comments.authorUnknown', defaultMessage: 'Unbekannt', description: 'Author without a name' },
  signIn: { id: 'comments.signIn', defaultMessage: 'Melde dich an, um zu kommentieren.', description: 'Comments need a login' },
  list: { id: 'comments.list', defaultMessage: 'Kommentare', description: 'Label of the comment list' },
}));

/** The comments of one path: newest first, add, and remove (own or as admin). */
export function CommentsPanel({ path, canModerate }: { path: string; canModerate: boolean }) {
  const intl = useIntl();
  const user = useAppSelector((state) => state.auth.user);
  const { data, error } = useGetCommentDetailsQuery(path);
  const [text, setText] = useState('');
  const [add, addState] = useAddCommentMutation();
  const [remove, removeState] = useRemoveCommentMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await add({ path, text: text.trim() });
    if (result.data) setText('');
  }

  return (
    <div className="comments">
      <ProjectErrorAlert error={error ?? addState.error ?? removeState.error} />
      {data && data.items.length === 0 && <p className="hint">{intl.formatMessage(messages.empty)}</p>}
      {data && data.items.length > 0 && (
        <ul className="comments__list" aria-label={intl.formatMessage(messages.list)}>
          {data.items.map((item) => (
            <li key={item.id} className="comments__item" data-testid="comment">
              <p className="comments__meta">
                <strong>{item.authorRemoved ? intl.formatMessage(messages.removed) : (item.authorName ?? intl.formatMessage(messages.unknown))}</strong>
                {' · '}
                <time dateTime={item.at}>{intl.formatDate(item.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
              </p>
              <p className="comments__text">{item.text}</p>
              {(canModerate || (user !== null && item.authorId === user.uid)) && (
                <button type="button" className="link-button" onClick={() => void remove({ commentId: item.id, path })}>
                  {intl.formatMessage(messages.remove)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {user ? (
        <form onSubmit={(event) => void submit(event)}>
          <div className="field">
            <label htmlFor={`comment-${path}`}>{intl.formatMessage(messages.text)}</label>
            <textarea id={`comment-${path}`} rows={3} required maxLength={5000} value={text} onChange={(event) => setText(event.target.value)} />
          </div>
          <button type="submit" className="button button--primary" disabled={addState.isLoading || text.trim() === ''}>{intl.formatMessage(messages.add)}</button>
        </form>
      ) : (
        <p className="hint">{intl.formatMessage(messages.signIn)}</p>
      )}
    </div>
  );
}

/** A button with the comment count of a path that opens its comments. */
export function CommentsButton({ path, name, canModerate }: { path: string; name: string; canModerate: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const { data } = useGetCommentIndexQuery(path);
  const count = data?.count ?? 0;
  return (
    <>
      <button
        type="button"
        className="chip"
        aria-label={intl.formatMessage(messages.buttonLabel, { button: intl.formatMessage(messages.button, { count }), name })}
        title={data?.latest?.text}
        onClick={() => setOpen(true)}
      >
        {intl.formatMessage(messages.button, { count })}
      </button>
      {open && (
        <Modal title={intl.formatMessage(messages.title, { name })} onClose={() => setOpen(false)} wide>
          <CommentsPanel path={path} canModerate={canModerate} />
        </Modal>
      )}
    </>
  );
}
