import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { FEEDBACK_VOTE, type FeedbackVote } from '@planwerk/events/constants';
import { useApiErrorText } from '../../app/api-error';
import { Bug, Icon, ThumbsUp } from '../../shared/icons';
import { feedbackMeta, useSendFeedbackVoteMutation } from './feedback.api';
import { feedbackMessages } from './feedback.messages';

// "Funktion bewerten": thumbs up or "Fehler gefunden"; the comment appears after a vote
// (spec section 2, shell) and sending needs a vote (spec section 5).
export function FeedbackDialog() {
  const intl = useIntl();
  const titleId = useId();
  const hintId = useId();
  const commentId = useId();
  const [vote, setVote] = useState<FeedbackVote>(FEEDBACK_VOTE.none);
  const [text, setText] = useState('');
  const [sendVote, { isLoading, isSuccess, error, reset }] = useSendFeedbackVoteMutation();
  const errorText = useApiErrorText(error);

  function choose(next: FeedbackVote) {
    setVote(next);
    if (error) reset();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (vote === FEEDBACK_VOTE.none || isLoading) return;
    // The error is shown from the mutation state; nothing else to do on failure.
    await sendVote({ vote, text: text.trim(), meta: feedbackMeta(intl.locale) }).unwrap().catch(() => undefined);
  }

  function startOver() {
    setVote(FEEDBACK_VOTE.none);
    setText('');
    reset();
  }

  if (isSuccess) {
    return (
      <section className="card feedback" aria-labelledby={titleId}>
        <h2 id={titleId}>{intl.formatMessage(feedbackMessages.title)}</h2>
        <p role="status" className="feedback__thanks">{intl.formatMessage(feedbackMessages.thanks)}</p>
        <button type="button" className="button" onClick={startOver}>
          {intl.formatMessage(feedbackMessages.again)}
        </button>
      </section>
    );
  }

  const voteChosen = vote !== FEEDBACK_VOTE.none;
  return (
    <section className="card feedback" aria-labelledby={titleId}>
      <h2 id={titleId}>{intl.formatMessage(feedbackMessages.title)}</h2>
      <form onSubmit={submit} noValidate>
        <div className="feedback__votes" role="group" aria-labelledby={titleId}>
          <button
            type="button"
            className="vote-button"
            aria-pressed={vote === FEEDBACK_VOTE.good}
            onClick={() => choose(FEEDBACK_VOTE.good)}
          >
            <Icon of={ThumbsUp} /> {intl.formatMessage(feedbackMessages.good)}
          </button>
          <button
            type="button"
            className="vote-button vote-button--bug"
            aria-pressed={vote === FEEDBACK_VOTE.bug}
            onClick={() => choose(FEEDBACK_VOTE.bug)}
          >
            <Icon of={Bug} /> {intl.formatMessage(feedbackMessages.bug)}
          </button>
        </div>
        {voteChosen ? (
          <div className="field">
            <label htmlFor={commentId}>{intl.formatMessage(feedbackMessages.comment)}</label>
            <textarea id={commentId} rows={4} maxLength={5000} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
        ) : (
          <p id={hintId} className="hint">{intl.formatMessage(feedbackMessages.chooseVote)}</p>
        )}
        {errorText && <p role="alert" className="alert alert--danger">{errorText}</p>}
        <button
          type="submit"
          className="button button--primary"
          disabled={!voteChosen || isLoading}
          aria-describedby={voteChosen ? undefined : hintId}
        >
          {intl.formatMessage(isLoading ? feedbackMessages.sending : feedbackMessages.send)}
        </button>
      </form>
    </section>
  );
}
