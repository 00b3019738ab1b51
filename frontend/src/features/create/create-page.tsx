import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { ApiErrorAlert } from '../../shared/form';
import { FolderKanban, Icon, LayoutTemplate, ListPlus, Plus, Sparkles, type LucideIcon } from '../../shared/icons';
import { CreateProjectDialog, projectPaths, useListPresetsQuery, useListProjectsQuery } from '../projects';
import { teamLinks, useListUserLinksQuery, type LinkEntry } from '../teams';
import { createMessages as m } from './create.messages';
import './create.css';

type View = 'item' | 'item-setup' | 'item-new';
const VIEWS: readonly View[] = ['item-new', 'item-setup', 'item'];
const CHOICES: Record<View, { icon: LucideIcon; title: MessageDescriptor; text: MessageDescriptor }> = {
  'item-new': { icon: Plus, title: m.newTitle, text: m.newText },
  'item-setup': { icon: LayoutTemplate, title: m.setupTitle, text: m.setupText },
  item: { icon: ListPlus, title: m.itemTitle, text: m.itemText },
};

/** Teams where the person may create projects: owner, admin, or manage_prj (spec section 6). */
export function creatableTeams(links: readonly LinkEntry[] | undefined): LinkEntry[] {
  return teamLinks(links).filter((entry) => entry.access.level === 'owner' || entry.access.level === 'admin' || entry.access.access.manage_prj !== undefined);
}

// /create/{view?} (spec section 2): the quick way to create — a new project (item-new), one
// from a preset (item-setup) or lists and items in an existing project (item) — in a team the
// person manages, chosen with ?team= when there are several.
export function CreatePage() {
  const intl = useIntl();
  const { view: raw } = useParams();
  const view = VIEWS.find((candidate) => candidate === raw) ?? null;
  const [search, setSearch] = useSearchParams();
  const { data: links, error, isLoading } = useListUserLinksQuery();
  const teams = creatableTeams(links);
  const team = teams.find((entry) => entry.link === search.get('team')) ?? teams[0];
  const title = intl.formatMessage(view ? CHOICES[view].title : m.title);
  usePageTitle(title);
  const withTeam = (target: string) => (team && teams.length > 1 ? `${target}?team=${encodeURIComponent(team.link)}` : target);

  return (
    <div className="page create-page">
      <h1>{title}</h1>
      <ApiErrorAlert error={error} />
      {!isLoading && links && !team && (
        <div className="empty-state">
          <p>{intl.formatMessage(m.noTeam)}</p>
          <div className="actions"><Link className="button button--primary" to={paths.teamCreate.href()}>{intl.formatMessage(m.createTeam)}</Link></div>
        </div>
      )}
      {team && teams.length > 1 && (
        <label className="create-page__team">
          <span>{intl.formatMessage(m.team)}</span>
          <select value={team.link} onChange={(event) => setSearch({ team: event.target.value }, { replace: true })}>
            {teams.map((entry) => <option key={entry.id} value={entry.link}>{entry.name}</option>)}
          </select>
        </label>
      )}
      {team && !view && (
        <>
          <p>{intl.formatMessage(m.intro)}</p>
          <ul className="create-choices" aria-label={intl.formatMessage(m.choices)}>
            {VIEWS.map((choice) => (
              <li key={choice}>
                <Link className="create-choice" to={withTeam(paths.create.href(choice))}>
                  <span className="create-choice__icon"><Icon of={CHOICES[choice].icon} /></span>
                  <span className="create-choice__text">
                    <strong>{intl.formatMessage(CHOICES[choice].title)}</strong>
                    <span className="hint">{intl.formatMessage(CHOICES[choice].text)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {team && view && <p><Link to={withTeam(paths.create.href())}>{intl.formatMessage(m.back)}</Link></p>}
      {team && view === 'item-new' && <NewProject team={team} />}
      {team && view === 'item-setup' && <FromPreset team={team} />}
      {team && view === 'item' && <IntoProject team={team} />}
    </div>
  );
}

function NewProject({ team }: { team: LinkEntry }) {
  const navigate = useNavigate();
  return (
    <CreateProjectDialog
      teamId={team.id}
      onClose={() => navigate(paths.create.href())}
      onCreated={(projectId) => navigate(projectPaths.manageProject.href(team.link, projectId))}
    />
  );
}

function FromPreset({ team }: { team: LinkEntry }) {
  const intl = useIntl();
  const { data, error } = useListPresetsQuery(team.id);
  return (
    <section aria-label={intl.formatMessage(m.presets, { team: team.name })}>
      <ApiErrorAlert error={error} />
      {data && data.presets.length === 0 && <p className="hint">{intl.formatMessage(m.noPresets)}</p>}
      {data && data.presets.length > 0 && (
        <ul className="link-list">
          {data.presets.map((preset) => (
            <li key={preset.projectId}>
              <Link to={projectPaths.preset.href(team.link, preset.projectId)}><Icon of={LayoutTemplate} />{intl.formatMessage(m.usePreset, { name: preset.name })}</Link>
            </li>
          ))}
        </ul>
      )}
      <p><Link to={projectPaths.templates.href(team.link)}><Icon of={Sparkles} />{intl.formatMessage(m.gallery)}</Link></p>
      <p><Link to={projectPaths.presets.href(team.link)}>{intl.formatMessage(m.allPresets)}</Link></p>
    </section>
  );
}

function IntoProject({ team }: { team: LinkEntry }) {
  const intl = useIntl();
  const { data: projects, error } = useListProjectsQuery({ teamId: team.id, filter: 'project' });
  return (
    <section aria-label={intl.formatMessage(m.projects, { team: team.name })}>
      <ApiErrorAlert error={error} />
      {projects && projects.length === 0 && (
        <div className="empty-state">
          <p>{intl.formatMessage(m.noProjects)}</p>
          <div className="actions"><Link className="button button--primary" to={paths.create.href('item-new')}>{intl.formatMessage(m.startNew)}</Link></div>
        </div>
      )}
      {projects && projects.length > 0 && (
        <ul className="link-list">
          {projects.map((project) => (
            <li key={project.projectId}>
              <Link to={projectPaths.manageProject.href(team.link, project.projectId)}><Icon of={FolderKanban} />{intl.formatMessage(m.openEditor, { name: project.name })}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
