import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ShellLoader } from '../../app/app-shell-loader';
import { usePageTitle } from '../../app/page-title';
import { useExport, projectPaths, useGetProjectTreeQuery, useListProjectsQuery, useManagedTeam } from '../projects';
import { ProjectErrorAlert } from '../../shared/project-errors';
import { ChangeList, actorName } from './activity-entry';
import { ActivityPerDayChart } from './charts/activity-per-day';
import { activityExportPath, useListActivityQuery, type ActivityFilter } from './activity.api';
import { untyped } from '../../shared/untyped-messages';

const messages = untyped(defineMessages({
  title: { id: 'activity.page.title', defaultMessage: 'Aktivität', description: 'Title of the activity log' },
  filters: { id: 'activity.page.filters', defaultMessage: 'Filter', description: 'Legend of the filters' },
  project: { id: 'activity.filter.project', defaultMessage: 'Projekt', description: 'Filter: project' },
  list: { id: 'activity.filter.list', defaultMessage: 'Liste', description: 'Filter: list' },
  person: { id: 'activity.filter.person', defaultMessage: 'Person (ID)', description: 'Filter: actor id' },
  kind: { id: 'activity.filter.kind', defaultMessage: 'Art', description: 'Filter: object kind' },
  from: { id: 'activity.filter.from', defaultMessage: 'Von', description: 'Filter: from date' },
  to: { id: 'activity.filter.to', defaultMessage: 'Bis', description: 'Filter: to date' },
  all: { id: 'activity.filter.all', defaultMessage: 'Alle', description: 'No filter' },
  reset: { id: 'activity.filter.reset', defaultMessage: 'Filter zurücksetzen', description: 'Clears the filters' },
  export: { id: 'activity.page.export', defaultMessage: 'Als CSV exportieren', description: 'CSV export of the filtered log' },
  more: { id: 'activity.page.more', defaultMessage: 'Mehr laden', description: 'Loads the next page' },
  empty: { id: 'activity.page.empty', defaultMessage: 'Keine Einträge.', description: 'Empty log' },
  retention: { id: 'activity.page.retention', defaultMessage: 'Einträge werden {days} Tage aufbewahrt.', description: 'Retention notice' },
  table: { id: 'activity.page.table', defaultMessage: 'Aktivitäten, neueste zuerst', description: 'Label of the log' },
  byPerson: { id: 'activity.filter.byPerson', defaultMessage: 'Nur {name} zeigen', description: 'Filters by this actor' },
  kindProject: { id: 'activity.kind.project', defaultMessage: 'Projekt', description: 'Object kind' },
  kindPhase: { id: 'activity.kind.phase', defaultMessage: 'Phase', description: 'Object kind' },
  kindList: { id: 'activity.kind.list', defaultMessage: 'Liste', description: 'Object kind' },
  kindItem: { id: 'activity.kind.item', defaultMessage: 'Eintrag', description: 'Object kind' },
  kindSignup: { id: 'activity.kind.signup', defaultMessage: 'Eintragung', description: 'Object kind' },
  kindComment: { id: 'activity.kind.comment', defaultMessage: 'Kommentar', description: 'Object kind' },
  kindTeam: { id: 'activity.kind.team', defaultMessage: 'Team', description: 'Object kind' },
}));

const KINDS = [
  ['project', messages.kindProject], ['phase', messages.kindPhase], ['list', messages.kindList], ['list-item', messages.kindItem],
  ['signup', messages.kindSignup], ['comment', messages.kindComment], ['team', messages.kindTeam],
] as const;
const FILTER_KEYS = ['list', 'person', 'kind', 'from', 'to'] as const;

/** /manage/{ccLink}/activity/{filter?}: the team's log, newest first; {filter} is a project id. */
export function ActivityPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.title));
  const team = useManagedTeam();
  const navigate = useNavigate();
  const { filter: projectFilter } = useParams();
  const [params, setParams] = useSearchParams();
  const filter: ActivityFilter = { project: projectFilter };
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  const filterKey = JSON.stringify(filter);
  const [cursors, setCursors] = useState<{ key: string; list: (string | undefined)[] }>({ key: filterKey, list: [undefined] });
  const pages = cursors.key === filterKey ? cursors.list : [undefined];
  const { data: projects } = useListProjectsQuery({ teamId: team?.teamId ?? '', filter: 'project', status: '0,1,2,3,4,5,10' }, { skip: !team });
  const { data: tree } = useGetProjectTreeQuery({ teamId: team?.teamId ?? '', projectId: projectFilter ?? '' }, { skip: !team || !projectFilter });
  const exporter = useExport();
  if (!team) return <ShellLoader />;

  const setFilter = (key: (typeof FILTER_KEYS)[number], value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(key);
    else next.set(key, value);
    if (key !== 'list' && next.get('list') && !projectFilter) next.delete('list');
    setParams(next);
  };

  return (
    <div className="page">
      <header className="page-head">
        <h1>{intl.formatMessage(messages.title)}</h1>
        <button
          type="button"
          className="button"
          disabled={exporter.busy}
          onClick={() => void exporter.run(activityExportPath(team.teamId, filter), 'activity.csv')}
        >
          {intl.formatMessage(messages.export)}
        </button>
      </header>
      {exporter.element}
      <fieldset className="fieldset toolbar">
        <legend>{intl.formatMessage(messages.filters)}</legend>
        <div className="field">
          <label htmlFor="activity-project">{intl.formatMessage(messages.project)}</label>
          <select
            id="activity-project"
            className="input"
            value={projectFilter ?? ''}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              next.delete('list');
              const search = next.toString();
              void navigate(`${projectPaths.activity.href(team.link, event.target.value || undefined)}${search ? `?${search}` : ''}`);
            }}
          >
            <option value="">{intl.formatMessage(messages.all)}</option>
            {(projects ?? []).map((project) => <option key={project.projectId} value={project.projectId}>{project.name}</option>)}
          </select>
        </div>
        {projectFilter && tree && (
          <div className="field">
            <label htmlFor="activity-list">{intl.formatMessage(messages.list)}</label>
            <select id="activity-list" className="input" value={filter.list ?? ''} onChange={(event) => setFilter('list', event.target.value)}>
              <option value="">{intl.formatMessage(messages.all)}</option>
              {tree.lists.map((list) => <option key={list.listId} value={list.listId}>{list.name}</option>)}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="activity-kind">{intl.formatMessage(messages.kind)}</label>
          <select id="activity-kind" className="input" value={filter.kind ?? ''} onChange={(event) => setFilter('kind', event.target.value)}>
            <option value="">{intl.formatMessage(messages.all)}</option>
            {KINDS.map(([kind, label]) => <option key={kind} value={kind}>{intl.formatMessage(label)}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="activity-person">{intl.formatMessage(messages.person)}</label>
          <input id="activity-person" className="input" value={filter.person ?? ''} onChange={(event) => setFilter('person', event.target.value.trim())} />
        </div>
        <div className="field">
          <label htmlFor="activity-from">{intl.formatMessage(messages.from)}</label>
          <input id="activity-from" className="input" type="date" value={filter.from ?? ''} onChange={(event) => setFilter('from', event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="activity-to">{intl.formatMessage(messages.to)}</label>
          <input id="activity-to" className="input" type="date" value={filter.to ?? ''} onChange={(event) => setFilter('to', event.target.value)} />
        </div>
        <button type="button" className="button" onClick={() => void navigate(projectPaths.activity.href(team.link))}>{intl.formatMessage(messages.reset)}</button>
      </fieldset>
      <ActivityPerDayChart teamId={team.teamId} filter={filter} pages={pages} />
      <ol className="activity-list" aria-label={intl.formatMessage(messages.table)}>
        {pages.map((after, index) => (
          <ActivityChunk
            key={after ?? 'first'}
            teamId={team.teamId}
            filter={filter}
            after={after}
            last={index === pages.length - 1}
            onMore={(next) => setCursors({ key: filterKey, list: [...pages, next] })}
            onPerson={(person) => setFilter('person', person)}
          />
        ))}
      </ol>
    </div>
  );
}

function ActivityChunk({ teamId, filter, after, last, onMore, onPerson }: {
  teamId: string;
  filter: ActivityFilter;
  after: string | undefined;
  last: boolean;
  onMore: (next: string) => void;
  onPerson: (person: string) => void;
}) {
  const intl = useIntl();
  const { data, error, isLoading } = useListActivityQuery({ teamId, filter, after });
  if (isLoading) return <li><ShellLoader /></li>;
  if (!data) return <li><ProjectErrorAlert error={error} /></li>;
  return (
    <>
      {after === undefined && data.retentionDays !== null && <li className="hint">{intl.formatMessage(messages.retention, { days: data.retentionDays })}</li>}
      {after === undefined && data.entries.length === 0 && <li className="hint">{intl.formatMessage(messages.empty)}</li>}
      {data.entries.map((entry) => {
        const name = actorName(entry, intl);
        return (
          <li key={entry.eventId} className="activity-entry" data-testid="activity-entry">
            <p className="activity-entry__head">
              <time dateTime={entry.recordedAt}>{intl.formatDate(entry.recordedAt, { dateStyle: 'medium', timeStyle: 'medium' })}</time>
              <button type="button" className="link-button link-button--plain" title={intl.formatMessage(messages.byPerson, { name })} onClick={() => onPerson(entry.actor.id)}>
                {name}
              </button>
              <code>{entry.action}</code>
              <span className="hint">{entry.object.kind}</span>
            </p>
            <ChangeList entry={entry} />
          </li>
        );
      })}
      {last && data.next && (
        <li>
          <button type="button" className="button" onClick={() => onMore(data.next ?? '')}>{intl.formatMessage(messages.more)}</button>
        </li>
      )}
    </>
  );
}
