import { useState, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { BackupDiff, BackupState, FieldChange, ObjectDiff, StateItem, StateList, StateSignup } from './backups.api';
import { backupMessages as messages } from './backups.messages';

export type RestoreRequest =
  | { scope: 'list'; list: StateList }
  | { scope: 'item'; item: StateItem; listId: string }
  | { scope: 'signups'; listId: string; signupIds: string[] };

export function signupName(signup: { name?: unknown; erased?: unknown }, intl: IntlShape): string {
  if (signup.erased === true) return intl.formatMessage(messages.erased);
  return typeof signup.name === 'string' && signup.name !== '' ? signup.name : intl.formatMessage(messages.anonymous);
}

/** The project (or one list) as of the chosen point: phases, lists, items, sign-ups. */
export function StateView({ state, diff, canRestore, onRestore }: {
  state: BackupState;
  diff: BackupDiff | undefined;
  /** False while the project is in the trash or gone: only the project itself can be restored. */
  canRestore: boolean;
  onRestore: (request: RestoreRequest) => void;
}) {
  const intl = useIntl();
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const project = state.project;
  if (!project) return <p className="hint">{intl.formatMessage(messages.stateMissing)}</p>;
  const gone = new Set([
    ...(diff?.lists.removed ?? []), ...(diff?.items.removed ?? []), ...(diff?.signups.removed ?? []),
  ].map((entry) => String(entry.signupId ?? entry.itemId ?? entry.listId)));
  const goneBadge = (id: string) => gone.has(id) && <span className="badge backup-gone">{intl.formatMessage(messages.goneSince)}</span>;
  const order = [
    ...project.phases.filter((phase) => phase.folderId === null).flatMap((phase) => [phase, ...project.phases.filter((group) => group.folderId === phase.phaseId)]),
  ];
  const phases = order.filter((phase) => project.lists.some((list) => list.phaseId === phase.phaseId));
  if (phases.length === 0) return <p className="hint">{intl.formatMessage(messages.stateEmpty)}</p>;

  return (
    <div className="backup-state">
      {phases.map((phase) => (
        <section key={phase.phaseId} className="backup-phase" aria-label={phase.name}>
          <h3>{phase.name}</h3>
          {project.lists.filter((list) => list.phaseId === phase.phaseId).map((list) => {
            const signups = state.signups[list.listId] ?? [];
            const picked = signups.filter((signup) => chosen[signup.signupId]).map((signup) => signup.signupId);
            return (
              <article key={list.listId} className="list-card" aria-labelledby={`backup-list-${list.listId}`} data-testid="backup-list">
                <div className="list-card__head">
                  <h4 id={`backup-list-${list.listId}`}>{list.name}</h4>
                  {goneBadge(list.listId)}
                  <span className="spacer" />
                  {canRestore && (
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => onRestore({ scope: 'list', list })}
                    >
                      {intl.formatMessage(messages.restoreListNamed, { name: list.name })}
                    </button>
                  )}
                </div>
                <ul className="items">
                  {project.items.filter((item) => item.listId === list.listId).map((item) => {
                    const own = signups.filter((signup) => signup.itemId === item.itemId);
                    const placed = own.filter((signup) => signup.status === 'placed').length;
                    return (
                      <li key={item.itemId} className="item-row" data-testid="backup-item">
                        <div className="item-row__head">
                          <strong>{item.name}</strong>
                          {item.capacity !== null && <span className="hint">{intl.formatMessage(messages.capacity, { placed, capacity: item.capacity })}</span>}
                          {goneBadge(item.itemId)}
                          <span className="spacer" />
                          {canRestore && (
                            <button
                              type="button"
                              className="button button--small"
                              onClick={() => onRestore({ scope: 'item', item, listId: list.listId })}
                            >
                              {intl.formatMessage(messages.restoreItemNamed, { name: item.name })}
                            </button>
                          )}
                        </div>
                        {own.length === 0 ? <p className="hint">{intl.formatMessage(messages.noSignups)}</p> : (
                          <ul className="signups">
                            {own.map((signup) => (
                              <SignupEntry
                                key={signup.signupId}
                                signup={signup}
                                gone={goneBadge(signup.signupId)}
                                selectable={canRestore}
                                checked={chosen[signup.signupId] === true}
                                onToggle={(value) => setChosen((current) => ({ ...current, [signup.signupId]: value }))}
                              />
                            ))}
                          </ul>
                        )}
                      </li>
                    );
                  })}
                </ul>
                {canRestore && picked.length > 0 && (
                  <button type="button" className="button button--primary button--small" onClick={() => onRestore({ scope: 'signups', listId: list.listId, signupIds: picked })}>
                    {intl.formatMessage(messages.restoreSignups, { count: picked.length })}
                  </button>
                )}
              </article>
            );
          })}
        </section>
      ))}
    </div>
  );
}

function SignupEntry({ signup, gone, selectable, checked, onToggle }: {
  signup: StateSignup;
  gone: ReactNode;
  selectable: boolean;
  checked: boolean;
  onToggle: (value: boolean) => void;
}) {
  const intl = useIntl();
  const name = signupName(signup, intl);
  const content = (
    <>
      <span className={signup.status === 'placed' ? '' : 'signup--waitlisted'}>{name}</span>
      {signup.status !== 'placed' && <span className="hint">({intl.formatMessage(messages.waitlisted)})</span>}
    </>
  );
  return (
    <li className="signup" data-testid="backup-signup">
      {selectable ? (
        <label className="check--inline">
          <input type="checkbox" checked={checked} aria-label={intl.formatMessage(messages.selectSignup, { name })} onChange={(event) => onToggle(event.target.checked)} />
          {content}
        </label>
      ) : content}
      {gone}
    </li>
  );
}

function valueText(value: unknown, intl: IntlShape): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return intl.formatMessage(value ? messages.yes : messages.no);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function ChangeRows({ changes }: { changes: FieldChange[] }) {
  const intl = useIntl();
  return (
    <dl className="changes">
      {changes.map((change) => (
        <div key={change.field} className="changes__row">
          <dt>{change.field}</dt>
          <dd>
            <span className="changes__before">{valueText(change.before, intl)}</span> → <span>{valueText(change.after, intl)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function nameOfEntry(entry: Record<string, unknown>, intl: IntlShape, itemNames: Map<string, string>): string {
  if ('signupId' in entry) {
    const item = typeof entry.itemId === 'string' ? itemNames.get(entry.itemId) : undefined;
    return item ? `${signupName(entry, intl)} (${item})` : signupName(entry, intl);
  }
  return typeof entry.name === 'string' ? entry.name : '?';
}

function DiffGroup({ title, diff, names, itemNames }: { title: string; diff: ObjectDiff; names: Map<string, string>; itemNames: Map<string, string> }) {
  const intl = useIntl();
  if (diff.added.length + diff.removed.length + diff.changed.length === 0) return null;
  return (
    <section className="backup-diff__group" aria-label={title}>
      <h3>{title}</h3>
      {diff.removed.length > 0 && (
        <>
          <p className="backup-diff__kind backup-diff__kind--removed">{intl.formatMessage(messages.removed)}</p>
          <ul data-testid="diff-removed">{diff.removed.map((entry, index) => <li key={index}>{nameOfEntry(entry, intl, itemNames)}</li>)}</ul>
        </>
      )}
      {diff.added.length > 0 && (
        <>
          <p className="backup-diff__kind backup-diff__kind--added">{intl.formatMessage(messages.added)}</p>
          <ul data-testid="diff-added">{diff.added.map((entry, index) => <li key={index}>{nameOfEntry(entry, intl, itemNames)}</li>)}</ul>
        </>
      )}
      {diff.changed.length > 0 && (
        <>
          <p className="backup-diff__kind">{intl.formatMessage(messages.changed)} <span className="hint">({intl.formatMessage(messages.beforeAfter)})</span></p>
          <ul data-testid="diff-changed">
            {diff.changed.map((entry) => (
              <li key={entry.id}>
                <strong>{names.get(entry.id) ?? entry.id.slice(0, 8)}</strong>
                <ChangeRows changes={entry.changes} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** What changed between the chosen point and now: added, removed, changed with before → after. */
export function DiffView({ diff, state }: { diff: BackupDiff; state: BackupState | undefined }) {
  const intl = useIntl();
  const names = new Map<string, string>();
  const itemNames = new Map<string, string>();
  for (const entry of [...diff.items.added, ...diff.items.removed]) {
    if (typeof entry.itemId === 'string' && typeof entry.name === 'string') itemNames.set(entry.itemId, entry.name);
  }
  const project = state?.project;
  if (project) {
    for (const phase of project.phases) names.set(phase.phaseId, phase.name);
    for (const list of project.lists) names.set(list.listId, list.name);
    for (const item of project.items) {
      names.set(item.itemId, item.name);
      itemNames.set(item.itemId, item.name);
    }
    for (const signups of Object.values(state.signups)) {
      for (const signup of signups) names.set(signup.signupId, `${signupName(signup, intl)} (${itemNames.get(signup.itemId) ?? ''})`);
    }
  }
  const empty = diff.project.length === 0 && [diff.phases, diff.lists, diff.items, diff.signups]
    .every((group) => group.added.length + group.removed.length + group.changed.length === 0);
  if (empty) return <p className="hint">{intl.formatMessage(messages.diffNone)}</p>;
  return (
    <div className="backup-diff">
      {diff.project.length > 0 && (
        <section className="backup-diff__group" aria-label={intl.formatMessage(messages.diffProject)}>
          <h3>{intl.formatMessage(messages.diffProject)}</h3>
          <ChangeRows changes={diff.project} />
        </section>
      )}
      <DiffGroup title={intl.formatMessage(messages.diffPhases)} diff={diff.phases} names={names} itemNames={itemNames} />
      <DiffGroup title={intl.formatMessage(messages.diffLists)} diff={diff.lists} names={names} itemNames={itemNames} />
      <DiffGroup title={intl.formatMessage(messages.diffItems)} diff={diff.items} names={names} itemNames={itemNames} />
      <DiffGroup title={intl.formatMessage(messages.diffSignups)} diff={diff.signups} names={names} itemNames={itemNames} />
    </div>
  );
}
