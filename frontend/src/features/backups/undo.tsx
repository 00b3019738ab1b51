import type { SerializedError } from '@reduxjs/toolkit';
import { useIntl, type IntlShape } from 'react-intl';
import { isApiError } from '../../app/api-error';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { ProjectErrorAlert } from '../../shared/project-errors';
import { useListUndoableQuery, useUndoActionMutation, type Actor, type UndoConflict, type UndoError } from './backups.api';
import { backupMessages as messages, typeMessages } from './backups.messages';

/** What a change did, from its event types ("Eintragung entfernt, Liste bearbeitet"). */
export function describeTypes(types: readonly string[], intl: IntlShape): string {
  const labels = new Set<string>();
  for (const type of types) {
    const known = (typeMessages as Record<string, typeof typeMessages.other | undefined>)[type];
    labels.add(intl.formatMessage(known ?? typeMessages.other));
  }
  return [...labels].join(', ');
}

export function actorText(actor: Actor, userId: string | null, intl: IntlShape): string {
  if (actor.kind === 'user' && actor.id === userId) return intl.formatMessage(messages.you);
  if (actor.kind === 'anonymous') return intl.formatMessage(messages.visitor);
  if (actor.kind === 'system') return intl.formatMessage(messages.system);
  return intl.formatMessage(messages.someone);
}

function conflictsOf(error: UndoError | SerializedError | undefined): UndoConflict[] | null {
  if (!isApiError(error) || error.intern !== 'undo_conflict') return null;
  return error.conflicts ?? [];
}

/** An undo's error: the conflicting later changes (409 undo_conflict) listed, else the code's text. */
export function UndoErrorAlert({ error, userId }: { error: UndoError | SerializedError | undefined; userId: string | null }) {
  const intl = useIntl();
  const conflicts = conflictsOf(error);
  if (conflicts) {
    return (
      <div className="alert alert--danger" role="alert" data-testid="undo-conflict">
        <p className="alert__text">{intl.formatMessage(messages.conflictTitle)}</p>
        <ul className="backup-conflicts">
          {conflicts.map((conflict) => (
            <li key={`${conflict.commandId}-${conflict.type}-${conflict.stream}`}>
              {intl.formatMessage(messages.conflictEntry, {
                time: intl.formatDate(conflict.at, { dateStyle: 'medium', timeStyle: 'medium' }),
                who: actorText(conflict.actor, userId, intl),
                what: describeTypes([conflict.type], intl),
              })}
            </li>
          ))}
        </ul>
        <p className="hint">{intl.formatMessage(messages.conflictHint)}</p>
      </div>
    );
  }
  if (isApiError(error) && error.intern === 'undo_already_done') {
    return <p className="alert alert--danger" role="alert">{intl.formatMessage(messages.undoAlreadyDone)}</p>;
  }
  return <ProjectErrorAlert error={error} />;
}

/** "My recent actions" with undo: one step per action, however many changes it made. */
export function UndoPanel({ teamId, userId, projectNames }: { teamId: string; userId: string | null; projectNames: Map<string, string> }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data: actions, error } = useListUndoableQuery(teamId);
  const [undo, state] = useUndoActionMutation();
  const failedId = state.isError ? state.originalArgs?.commandId : undefined;
  return (
    <section className="card backup-undo" aria-labelledby="backup-undo-title" data-testid="undo-panel">
      <h2 id="backup-undo-title">{intl.formatMessage(messages.actionsTitle)}</h2>
      <p className="hint">{intl.formatMessage(messages.actionsHint)}</p>
      <ProjectErrorAlert error={error} />
      {actions && actions.length === 0 && <p className="hint">{intl.formatMessage(messages.actionsEmpty)}</p>}
      <ol className="backup-actions">
        {(actions ?? []).map((action) => {
          const what = describeTypes(action.types, intl);
          return (
            <li key={action.commandId} className="backup-action" data-testid="undo-action">
              <div className="backup-action__head">
                <time dateTime={action.at}>{intl.formatDate(action.at, { dateStyle: 'short', timeStyle: 'medium' })}</time>
                <strong>{projectNames.get(action.projectId) ?? intl.formatMessage(messages.unknownProject)}</strong>
                <span>{what}</span>
                <span className="hint">{intl.formatMessage(messages.actionEvents, { count: action.events })}</span>
                <span className="spacer" />
                {action.undone ? (
                  <span className="badge">{intl.formatMessage(messages.alreadyUndone)}</span>
                ) : (
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={intl.formatMessage(messages.undoNamed, { what })}
                    disabled={state.isLoading}
                    onClick={() => void undo({ teamId, commandId: action.commandId, projectId: action.projectId }).then((result) => {
                      if (!result.error) dispatch(popupShown({ message: messages.undone, tone: 'success' }));
                    })}
                  >
                    {intl.formatMessage(messages.undo)}
                  </button>
                )}
              </div>
              {failedId === action.commandId && <UndoErrorAlert error={state.error} userId={userId} />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
