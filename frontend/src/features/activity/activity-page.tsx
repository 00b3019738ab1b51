import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { useExport, projectPaths, useGetProjectTreeQuery, useListProjectsQuery, useManagedTeam } from '../projects';
import { ProjectErrorAlert } from '../../shared/project-errors';
import { DateTimeField } from '../../shared/date-time-field';
import { EmptyState } from '../../shared/empty-state';
import { History } from '../../shared/icons';
import { Skeleton } from '../../shared/skeleton';
import { activityLanguageOf } from '@planwerk/events/activity-sentences';
import { ActivityEntryItem } from './activity-entry';
import { DayGroups, dayKey } from './activity-days';
import { PersonFilter } from './person-filter';
import { ActivityPerDayChart } from './charts/activity-per-day';
import { activityExportPath, useListActivityQuery, type ActivityFilter } from './activity.api';
import { untyped } from '../../shared/untyped-messages';

const messages = untyped(defineMessages({
  title: { id: 'activity.page.title', defaultMessage: 'Aktivität', description: 'Title of the activity log' },
  filters: { id: 'activity.page.filters', defaultMessage: 'Filter', description: 'Legend of the filters' },
  project: { id: 'activity.filter.project', defaultMessage: 'Projekt', description: 'Filter: project' },
  list: { id: 'activity.filter.list', defaultMessage: 'Liste', description: 'Filter: list' },
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
  if (!team) return <div className="page"><Skeleton shape="page" /></div>;

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
          onClick={() => void exporter.run(activityExportPath(team.teamId, filter, activityLanguageOf(intl.locale)), 'activity.csv')}
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
        <PersonFilter teamId={team.teamId} person={filter.person} onChange={(person) => setFilter('person', person)} />
        <DateTimeField kind="date" label={intl.formatMessage(messages.from)} value={filter.from ?? ''} onValueChange={(from) => setFilter('from', from)} />
        <DateTimeField kind="date" label={intl.formatMessage(messages.to)} value={filter.to ?? ''} onValueChange={(to) => setFilter('to', to)} />
        <button type="button" className="button" onClick={() => void navigate(projectPaths.activity.href(team.link))}>{intl.formatMessage(messages.reset)}</button>
      </fieldset>
      <ActivityPerDayChart teamId={team.teamId} filter={filter} pages={pages} />
      <section className="activity-log" aria-label={intl.formatMessage(messages.table)}>
        {pages.map((after, index) => (
          <ActivityChunk
            key={after ?? 'first'}
            teamId={team.teamId}
            ccLink={team.link}
            filter={filter}
            after={after}
            previous={index === 0 ? null : pages[index - 1]}
            last={index === pages.length - 1}
            onMore={(next) => setCursors({ key: filterKey, list: [...pages, next] })}
            onPerson={(person) => setFilter('person', person)}
          />
        ))}
      </section>
    </div>
  );
}

function ActivityChunk({ teamId, ccLink, filter, after, previous, last, onMore, onPerson }: {
  teamId: string;
  ccLink: string;
  filter: ActivityFilter;
  after: string | undefined;
  /** The cursor of the page before (its answer is cached); null for the first page. */
  previous: string | undefined | null;
  last: boolean;
  onMore: (next: string) => void;
  onPerson: (person: string) => void;
}) {
  const intl = useIntl();
  const { data, error, isLoading } = useListActivityQuery({ teamId, filter, after });
  const { data: before } = useListActivityQuery({ teamId, filter, after: previous ?? undefined }, { skip: previous === null });
  if (isLoading) return <Skeleton shape="list" rows={6} />;
  if (!data) return <ProjectErrorAlert error={error} />;
  const lastBefore = previous === null ? undefined : before?.entries[before.entries.length - 1];
  return (
    <>
      {after === undefined && data.retentionDays !== null && <p className="hint">{intl.formatMessage(messages.retention, { days: data.retentionDays })}</p>}
      {after === undefined && data.entries.length === 0 && <EmptyState icon={History} title={intl.formatMessage(messages.empty)} />}
      <DayGroups
        entries={data.entries}
        continues={lastBefore ? dayKey(lastBefore.recordedAt) : null}
        render={(entry) => <ActivityEntryItem key={entry.eventId} entry={entry} ccLink={ccLink} onPerson={onPerson} />}
      />
      {last && data.next && (
        <p>
          <button type="button" className="button" onClick={() => onMore(data.next ?? '')}>{intl.formatMessage(messages.more)}</button>
        </p>
      )}
    </>
  );
}
