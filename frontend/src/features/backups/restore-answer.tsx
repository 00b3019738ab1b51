import { useIntl } from 'react-intl';
import type { RestoreAnswer } from './backups.api';
import { backupMessages as messages } from './backups.messages';

/** What a restore did: events written, items now over capacity, sign-ups skipped; and its undo. */
export function RestoreAnswerAlert({ answer, itemName, undoing, onUndo }: {
  answer: RestoreAnswer;
  itemName: (itemId: string) => string;
  undoing: boolean;
  onUndo: () => void;
}) {
  const intl = useIntl();
  return (
    <div className="alert alert--success backup-answer" role="status" data-testid="restore-answer">
      <p className="alert__text">{intl.formatMessage(messages.restored, { count: answer.events })}</p>
      {answer.overCapacity.length > 0 && (
        <ul>
          {answer.overCapacity.map((entry) => (
            <li key={entry.itemId}>{intl.formatMessage(messages.overCapacity, { name: itemName(entry.itemId), placed: entry.placed, capacity: entry.capacity })}</li>
          ))}
        </ul>
      )}
      {answer.skipped.length > 0 && <p>{intl.formatMessage(messages.skipped, { count: answer.skipped.length })}</p>}
      {answer.events > 0 && (
        <button type="button" className="button" disabled={undoing} onClick={onUndo}>
          {intl.formatMessage(messages.undoRestore)}
        </button>
      )}
    </div>
  );
}
