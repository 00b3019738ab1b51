import { useState } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, NavLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { ProjectEditorPage } from './project-editor-page';
import { actionMessages, useProjectActions, type ActionProject } from './project-actions';
import { CreateProjectDialog } from './project-dialogs/create-project-dialog';
import { ProjectErrorAlert } from '../../shared/project-errors';
import { projectPaths } from './project.paths';
import { ColourDot, StatusBadge, statusMessages } from './project-status';
import { useListProjectsQuery, type OverviewFilter, type ProjectOverviewEntry } from './projects.api';
import { ActionMenu } from '../../shared/ui';
import { EmptyState } from '../../shared/empty-state';
import { FolderOpen, Inbox } from '../../shared/icons';
import { Skeleton } from '../../shared/skeleton';
import { useManagedTeam } from './use-managed-team';
import { untyped } from '../../shared/untyped-messages';
import { TableScroll } from '../../shared/table-scroll';
import { TeamBlockedBanner } from '../teams';

const messages = untyped(defineMessages({
  title: { id: 'projects.manage.title', defaultMessage: 'Projekte', description: 'Title of manage-project' },
  filters: { id: 'projects.manage.filters', defaultMessage: 'Art', description: 'Label of the project/form/calendar filter' },
  filterProject: { id: 'projects.manage.filter.project', defaultMessage: 'Projekte', description: 'Filter: projects' },
  search: { id: 'projects.manage.search', defaultMessage: 'Suchen', description: 'Search field of the project list' },
  status: { id: 'projects.manage.status', defaultMessage: 'Status', description: 'Status filter' },
  statusAll: { id: 'projects.manage.statusAll', defaultMessage: 'Alle außer Papierkorb', description: 'Status filter: everything but the trash' },
  trash: { id: 'projects.manage.trash', defaultMessage: 'Papierkorb', description: 'Status filter: the trash' },
  create: { id: 'projects.manage.create', defaultMessage: 'Neues Projekt', description: 'Opens the create project dialog' },
  emptyTitle: { id: 'projects.manage.emptyTitle', defaultMessage: 'Noch keine Projekte', description: 'Title of the empty state: the team has no project yet' },
  emptyText: {
    id: 'projects.manage.emptyText',
    defaultMessage: 'Ein Projekt sammelt Listen, in die sich andere über einen Link eintragen – für Helferdienste, Mitbringsel oder Termine. Starte mit einer fertigen Vorlage oder einem leeren Projekt.',
    description: 'Text of the empty state: what a project is and how to start one',
  },
  trashEmptyTitle: { id: 'projects.manage.trashEmptyTitle', defaultMessage: 'Der Papierkorb ist leer.', description: 'Title of the empty state of the trash filter' },
  trashEmptyText: {
    id: 'projects.manage.trashEmptyText',
    defaultMessage: 'Gelöschte Projekte landen hier. Du kannst sie wiederherstellen oder endgültig löschen.',
    description: 'Text of the empty state of the trash filter',
  },
  statusEmpty: { id: 'projects.manage.statusEmpty', defaultMessage: 'Kein Projekt hat diesen Status.', description: 'Empty list for a chosen status filter other than the trash' },
  searchEmpty: { id: 'projects.manage.searchEmpty', defaultMessage: 'Kein Projekt passt zu „{search}“.', description: 'The search matches no project' },
  table: { id: 'projects.manage.table', defaultMessage: 'Projekte des Teams', description: 'Label of the project table' },
  colName: { id: 'projects.manage.col.name', defaultMessage: 'Name', description: 'Column' },
  colStatus: { id: 'projects.manage.col.status', defaultMessage: 'Status', description: 'Column' },
  colLists: { id: 'projects.manage.col.lists', defaultMessage: 'Listen', description: 'Column' },
  colSignups: { id: 'projects.manage.col.signups', defaultMessage: 'Eintragungen', description: 'Column' },
  colLink: { id: 'projects.manage.col.link', defaultMessage: 'Link', description: 'Column' },
  colActions: { id: 'projects.manage.col.actions', defaultMessage: 'Aktionen', description: 'Column' },
  fill: { id: 'projects.manage.fill', defaultMessage: '{placed} von {capacity}', description: 'Placed of capacity' },
  fillUnlimited: { id: 'projects.manage.fillUnlimited', defaultMessage: '{placed} (unbegrenzt)', description: 'Placed of unlimited items' },
  waitlisted: { id: 'projects.manage.waitlisted', defaultMessage: '{count} auf der Warteliste', description: 'Waitlisted count' },
  presets: { id: 'projects.manage.presets', defaultMessage: 'Vorlagen', description: 'Link to the presets' },
  activity: { id: 'projects.manage.activity', defaultMessage: 'Aktivität', description: 'Link to the activity log' },
  templates: { id: 'projects.manage.templates', defaultMessage: 'Aus Vorlagen-Galerie', description: 'Link to the template gallery (new project from a ready-made template)' },
}));

const STATUS_FILTERS = [
  { value: '', codes: '1,2,3,4,5,10' },
  { value: '1', codes: '1' },
  { value: '3', codes: '3' },
  { value: '2', codes: '2' },
  { value: '4', codes: '4' },
  { value: '5', codes: '5' },
  { value: '10', codes: '10' },
  { value: '0', codes: '0' },
] as const;
const STATUS_LABEL = { 1: statusMessages.active, 2: statusMessages.template, 3: statusMessages.planning, 4: statusMessages.successful, 5: statusMessages.hidden, 10: statusMessages.archived } as const;
// The kinds shown as tabs. Forms (issue 16) and calendars (issue 17) join here with their labels
// once they exist; with one kind there is no tab bar, and any other ?filter= shows the projects.
const FILTERS = ['project'] as const satisfies readonly OverviewFilter[];
type ShownFilter = (typeof FILTERS)[number];
const FILTER_LABEL: Record<ShownFilter, MessageDescriptor> = { project: messages.filterProject };

function filterOf(value: string | null): ShownFilter {
  return FILTERS.find((filter) => filter === value) ?? 'project';
}

/** /manage/{ccLink}/project/{folderId?}: the list, or the editor of the opened project. */
export function ManageProjectsRoute() {
  const { folderId } = useParams();
  return folderId ? <ProjectEditorPage projectId={folderId} /> : <ManageProjectsPage />;
}

export function toActionProject(entry: ProjectOverviewEntry): ActionProject {
  return {
    projectId: entry.projectId, name: entry.name, colour: entry.colour, status: entry.status, locked: entry.locked,
    visibility: entry.visibility, startDate: entry.startDate, link: entry.link, shareHash: entry.shareHash,
  };
}

function ManageProjectsPage() {
  const intl = useIntl();
  const team = useManagedTeam();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('filter'));
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  usePageTitle(intl.formatMessage(messages.title));
  const codes = STATUS_FILTERS.find((option) => option.value === status)?.codes ?? '1,2,3,4,5,10';
  const { data, error, isLoading } = useListProjectsQuery(team ? { teamId: team.teamId, filter, status: codes } : { teamId: '', filter }, { skip: !team });
  const actions = useProjectActions(team?.teamId ?? '', team?.link ?? '0', team?.owner ?? false);
  if (!team) return <div className="page"><Skeleton shape="page" /></div>;
  const needle = search.trim().toLowerCase();
  const projects = (data ?? []).filter((entry) => needle === '' || entry.name.toLowerCase().includes(needle) || entry.link.includes(needle));

  return (
    <div className="page">
      <header className="page-head">
        <h1>{intl.formatMessage(messages.title)}</h1>
        <div className="actions">
          <Link className="button" to={projectPaths.presets.href(team.link)}>{intl.formatMessage(messages.presets)}</Link>
          <Link className="button" to={projectPaths.activity.href(team.link)}>{intl.formatMessage(messages.activity)}</Link>
          <Link className="button" to={projectPaths.templates.href(team.link)}>{intl.formatMessage(messages.templates)}</Link>
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>{intl.formatMessage(messages.create)}</button>
        </div>
      </header>
      <TeamBlockedBanner link={team.link} />
      {FILTERS.length > 1 && (
        <nav className="tabs" aria-label={intl.formatMessage(messages.filters)}>
          {FILTERS.map((option) => (
            <NavLink
              key={option}
              to={projectPaths.manageProjects.href(team.link, option)}
              className={() => (option === filter ? 'tabs__link active' : 'tabs__link')}
              aria-current={option === filter ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                setParams(option === 'project' ? {} : { filter: option });
              }}
            >
              {intl.formatMessage(FILTER_LABEL[option])}
            </NavLink>
          ))}
        </nav>
      )}
      <div className="toolbar">
        <div className="field">
          <label htmlFor="project-search">{intl.formatMessage(messages.search)}</label>
          <input id="project-search" className="input" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="project-status-filter">{intl.formatMessage(messages.status)}</label>
          <select id="project-status-filter" className="input" value={status} onChange={(event) => setStatus(event.target.value)}>
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.value === '' ? intl.formatMessage(messages.statusAll)
                  : option.value === '0' ? intl.formatMessage(messages.trash)
                    : intl.formatMessage(STATUS_LABEL[Number(option.value) as keyof typeof STATUS_LABEL])}
              </option>
            ))}
          </select>
        </div>
      </div>
      {actions.element}
      <ProjectErrorAlert error={error} />
      {isLoading && <Skeleton shape="table" rows={4} />}
      {data && projects.length === 0 && (
        data.length > 0
          ? <p className="hint">{intl.formatMessage(messages.searchEmpty, { search: search.trim() })}</p>
          : <NoProjects status={status} ccLink={team.link} onCreate={() => setCreating(true)} />
      )}
      {projects.length > 0 && (
        <TableScroll label={intl.formatMessage(messages.table)}>
          <table className="table" aria-label={intl.formatMessage(messages.table)}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(messages.colName)}</th>
                <th scope="col">{intl.formatMessage(messages.colStatus)}</th>
                <th scope="col" className="table__optional">{intl.formatMessage(messages.colLists)}</th>
                <th scope="col">{intl.formatMessage(messages.colSignups)}</th>
                <th scope="col" className="table__optional">{intl.formatMessage(messages.colLink)}</th>
                <th scope="col" className="table__sticky-end"><span className="visually-hidden">{intl.formatMessage(messages.colActions)}</span></th>
              </tr>
            </thead>
            <tbody>
              {projects.map((entry) => (
                <tr key={entry.projectId} data-testid="project-row">
                  <td>
                    <ColourDot colour={entry.colour} />{' '}
                    <Link to={projectPaths.manageProject.href(team.link, entry.projectId)}>{entry.name}</Link>
                  </td>
                  <td><StatusBadge status={entry.status} locked={entry.locked} /></td>
                  <td className="table__optional">{entry.counts.lists}</td>
                  <td>
                    {entry.counts.unlimitedItems > 0 && entry.counts.capacity === 0
                      ? intl.formatMessage(messages.fillUnlimited, { placed: entry.counts.placed })
                      : intl.formatMessage(messages.fill, { placed: entry.counts.placed, capacity: entry.counts.capacity })}
                    {entry.counts.waitlisted > 0 && <small className="hint"> · {intl.formatMessage(messages.waitlisted, { count: entry.counts.waitlisted })}</small>}
                  </td>
                  <td className="mono table__optional">/{entry.link}</td>
                  <td className="table__sticky-end">
                    <ActionMenu label={intl.formatMessage(actionMessages.menu, { name: entry.name })} entries={actions.entriesFor(toActionProject(entry))} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {creating && (
        <CreateProjectDialog
          teamId={team.teamId}
          onClose={() => setCreating(false)}
          onCreated={(projectId) => {
            setCreating(false);
            void navigate(projectPaths.manageProject.href(team.link, projectId));
          }}
        />
      )}
    </div>
  );
}

// The empty list (issue 14): the team's first steps, the empty trash, or a status nobody has.
function NoProjects({ status, ccLink, onCreate }: { status: string; ccLink: string; onCreate: () => void }) {
  const intl = useIntl();
  if (status === '0') return <EmptyState icon={Inbox} title={intl.formatMessage(messages.trashEmptyTitle)} text={intl.formatMessage(messages.trashEmptyText)} />;
  if (status !== '') return <p className="hint">{intl.formatMessage(messages.statusEmpty)}</p>;
  return (
    <EmptyState icon={FolderOpen} title={intl.formatMessage(messages.emptyTitle)} text={intl.formatMessage(messages.emptyText)}>
      <Link className="button button--primary" to={projectPaths.templates.href(ccLink)}>{intl.formatMessage(messages.templates)}</Link>
      <button type="button" className="button" onClick={onCreate}>{intl.formatMessage(messages.create)}</button>
    </EmptyState>
  );
}
