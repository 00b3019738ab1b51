import { useState, type FormEvent, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useOutletContext, useParams } from 'react-router';
import { ShellLoader } from '../../app/app-shell-loader';
import { isApiError } from '../../app/api-error';
import { TextField } from '../../app/form';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { usePageTitle } from '../../app/page-title';
import { useProjectLive } from '../../app/realtime/use-project-live';
import { popupShown } from '../../app/ui.slice';
import { CommentsButton } from '../comments/comments-panel';
import { commentPath } from '../comments/comments.api';
import { ItemWhen, windowStateMessages } from '../projects/item-when';
import { linkInvalidMessage, ProjectErrorAlert } from '../projects/project-errors';
import { NotFoundPage } from '../errors/not-found-page';
import { projectPaths, type ProjectViewName } from '../projects/project.paths';
import { ColourDot, StatusBadge } from '../projects/project-status';
import type { ItemView, ListView, ProjectView, SignUpView } from '../projects/projects.api';
import { useConfirm } from '../projects/ui';
import { teamLinks, useListUserLinksQuery } from '../teams/teams.api';
import { cachedSignUps, forgetSignUp, storedProjectPassword, storeProjectPassword, type CachedSignUp } from './link-cache';
import { ChangeSignUpDialog, SignUpDialog, type OwnSignUp, type SignUpTarget, type Viewer } from './signup-dialog';
import { valueText, VoteLabel } from './signup-fields';
import { useCancelSignUpMutation, useGetProjectEmbedQuery, useGetProjectViewQuery } from './signups.api';
import { untyped } from '../projects/untyped-messages';

const messages = untyped(defineMessages({
  views: { id: 'signups.view.views', defaultMessage: 'Ansichten des Projekts', description: 'Label of the view tabs' },
  info: { id: 'signups.view.info', defaultMessage: 'Übersicht', description: 'View: info' },
  task: { id: 'signups.view.task', defaultMessage: 'Meine Eintragungen', description: 'View: task' },
  calendar: { id: 'signups.view.calendar', defaultMessage: 'Kalender', description: 'View: calendar' },
  filter: { id: 'signups.view.filter', defaultMessage: 'Filter', description: 'View: filter' },
  admin: { id: 'signups.view.admin', defaultMessage: 'Verwaltung', description: 'View: admin' },
  passwordTitle: { id: 'signups.view.passwordTitle', defaultMessage: 'Dieses Projekt ist geschützt', description: 'Password prompt title' },
  password: { id: 'signups.view.password', defaultMessage: 'Projekt-Passwort', description: 'Password field' },
  open: { id: 'signups.view.open', defaultMessage: 'Öffnen', description: 'Opens the password project' },
  signUp: { id: 'signups.view.signUp', defaultMessage: 'Eintragen', description: 'Opens the sign-up dialog' },
  signUpFor: { id: 'signups.view.signUpFor', defaultMessage: 'Für {name} eintragen', description: 'Accessible label of the sign-up button' },
  free: { id: 'signups.view.free', defaultMessage: '{count, plural, one {# Platz frei} other {# Plätze frei}}', description: 'Free places' },
  full: { id: 'signups.view.full', defaultMessage: 'Voll', description: 'No place left' },
  fullWaitlist: { id: 'signups.view.fullWaitlist', defaultMessage: 'Voll – Eintragung auf die Warteliste', description: 'Full with a waitlist' },
  unlimited: { id: 'signups.view.unlimited', defaultMessage: 'Unbegrenzt', description: 'Unlimited item' },
  waitlisted: { id: 'signups.view.waitlisted', defaultMessage: '{count} auf der Warteliste', description: 'Waitlist count' },
  mine: { id: 'signups.view.mine', defaultMessage: 'Deine Eintragung', description: 'Label of an own sign-up' },
  placedStatus: { id: 'signups.view.placedStatus', defaultMessage: 'Eingetragen', description: 'Status placed' },
  waitStatus: { id: 'signups.view.waitStatus', defaultMessage: 'Warteliste, Platz {position}', description: 'Status waitlisted with position' },
  change: { id: 'signups.view.change', defaultMessage: 'Ändern', description: 'Changes an own sign-up' },
  cancel: { id: 'signups.view.cancel', defaultMessage: 'Austragen', description: 'Cancels an own sign-up' },
  cancelConfirm: { id: 'signups.view.cancelConfirm', defaultMessage: 'Eintragung für „{name}“ zurückziehen?', description: 'Confirms a cancel' },
  cancelled: { id: 'signups.view.cancelled', defaultMessage: 'Du bist ausgetragen.', description: 'Popup after cancelling' },
  names: { id: 'signups.view.names', defaultMessage: 'Eingetragen', description: 'Label of the names of an item' },
  anonymousName: { id: 'signups.view.anonymousName', defaultMessage: 'Ohne Namen', description: 'A sign-up without a name' },
  noMine: { id: 'signups.view.noMine', defaultMessage: 'Du hast dich in diesem Projekt noch nicht eingetragen.', description: 'No own sign-ups' },
  noDates: { id: 'signups.view.noDates', defaultMessage: 'Keine Einträge mit Datum.', description: 'Agenda is empty' },
  noDate: { id: 'signups.view.noDate', defaultMessage: 'Ohne Datum', description: 'Agenda group for items without a date' },
  search: { id: 'signups.view.search', defaultMessage: 'Suche', description: 'Filter search field' },
  onlyFree: { id: 'signups.view.onlyFree', defaultMessage: 'Nur Einträge mit freien Plätzen', description: 'Filter: only free items' },
  noMatch: { id: 'signups.view.noMatch', defaultMessage: 'Nichts gefunden.', description: 'Filter matches nothing' },
  manage: { id: 'signups.view.manage', defaultMessage: 'Im Editor bearbeiten', description: 'Link to the project editor' },
  adminOnly: { id: 'signups.view.adminOnly', defaultMessage: 'Diese Ansicht ist der Verwaltung des Projekts vorbehalten.', description: 'Admin view for non-admins' },
  total: { id: 'signups.view.total', defaultMessage: '{placed} eingetragen, {waitlisted} auf der Warteliste', description: 'Totals of a list' },
  status: { id: 'signups.view.status', defaultMessage: 'Status', description: 'Column' },
  item: { id: 'signups.view.item', defaultMessage: 'Eintrag', description: 'Column' },
  person: { id: 'signups.view.person', defaultMessage: 'Person', description: 'Column' },
  list: { id: 'signups.view.list', defaultMessage: 'Liste', description: 'Label' },
  inList: { id: 'signups.view.inList', defaultMessage: 'in {list}', description: 'Where an agenda item belongs' },
}));

interface ViewContext {
  view: ProjectView;
  viewer: Viewer;
  linkBase: { kind: 'link'; link: string } | { kind: 'embed'; hash: string };
}

function useViewContext(): ViewContext {
  return useOutletContext<ViewContext>();
}

function PasswordPrompt({ onPassword, error }: { onPassword: (password: string) => void; error: ReactNode }) {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onPassword(password);
  }
  return (
    <div className="page">
      <h1>{intl.formatMessage(messages.passwordTitle)}</h1>
      {error}
      <form className="form" onSubmit={submit}>
        <TextField label={intl.formatMessage(messages.password)} type="password" value={password} onValueChange={setPassword} required autoFocus />
        <button type="submit" className="button button--primary">{intl.formatMessage(messages.open)}</button>
      </form>
    </div>
  );
}

// A one-segment path is a project link first (spec section 2: /{prjLink}); one that opens no
// project is the 404 of an unknown route, saying why.
function LinkInvalid() {
  const intl = useIntl();
  return <NotFoundPage detail={intl.formatMessage(linkInvalidMessage)} />;
}

const PASSWORD_CODES = new Set(['project_password_required', 'project_password_wrong', 'project_password_blocked']);

/** /{prjLink}: the public project view with its views (spec section 2). */
export function ProjectViewLayout() {
  const { prjLink = '' } = useParams();
  const auth = useAppSelector((state) => state.auth.status);
  const [password, setPassword] = useState<string | undefined>(() => storedProjectPassword(prjLink));
  const { data, error, isLoading, isFetching } = useGetProjectViewQuery({ link: prjLink, password, signedIn: auth === 'signedIn' }, { skip: auth === 'restoring' });
  // Live updates instead of polling (spec section 4; ADR 0009), with the password entered.
  useProjectLive(data?.project.projectId, { password });
  if (auth === 'restoring' || isLoading || (isFetching && !data)) return <ShellLoader />;
  const code = isApiError(error) ? String(error.intern) : '';
  if (!data && PASSWORD_CODES.has(code)) {
    return (
      <PasswordPrompt
        error={code === 'project_password_required' ? null : <ProjectErrorAlert error={error} />}
        onPassword={(value) => {
          storeProjectPassword(prjLink, value);
          setPassword(value);
        }}
      />
    );
  }
  if (!data) return isApiError(error) && (error.status === 404 || code === 'project_link_invalid') ? <LinkInvalid /> : <div className="page"><ProjectErrorAlert error={error} /></div>;
  return <ProjectViewFrame view={data} viewer={{ signedIn: auth === 'signedIn', admin: data.viewer.admin, password }} linkBase={{ kind: 'link', link: data.project.link }} />;
}

/** /embed/project/{hash}/{view}: the same view without the navigation bar. */
export function ProjectEmbedLayout() {
  const { hash = '' } = useParams();
  const auth = useAppSelector((state) => state.auth.status);
  // Embed paths turn off sockets (spec section 4, start-up): embeds keep polling.
  const { data, error, isLoading } = useGetProjectEmbedQuery({ hash, signedIn: auth === 'signedIn' }, { skip: auth === 'restoring', pollingInterval: 30_000 });
  if (auth === 'restoring' || isLoading) return <ShellLoader />;
  if (!data) return isApiError(error) && error.status === 404 ? <LinkInvalid /> : <div className="page"><ProjectErrorAlert error={error} /></div>;
  return <ProjectViewFrame view={data} viewer={{ signedIn: auth === 'signedIn', admin: data.viewer.admin }} linkBase={{ kind: 'embed', hash }} embedded />;
}

function viewHref(base: ViewContext['linkBase'], view: ProjectViewName): string {
  if (base.kind === 'embed') return projectPaths.embed.href(base.hash, view);
  return view === 'admin' ? projectPaths.projectViewAdmin.href(base.link) : projectPaths.projectView.href(base.link, view);
}

function ProjectViewFrame({ view, viewer, linkBase, embedded = false }: { view: ProjectView; viewer: Viewer; linkBase: ViewContext['linkBase']; embedded?: boolean }) {
  const intl = useIntl();
  usePageTitle(view.project.name);
  const tabs: { view: ProjectViewName; label: typeof messages.info; show: boolean }[] = [
    { view: 'info', label: messages.info, show: true },
    { view: 'task', label: messages.task, show: true },
    { view: 'calendar', label: messages.calendar, show: true },
    { view: 'filter', label: messages.filter, show: true },
    { view: 'admin', label: messages.admin, show: viewer.admin && !embedded },
  ];
  const context: ViewContext = { view, viewer, linkBase };
  return (
    <div className={embedded ? 'page project-view project-view--embed' : 'page project-view'}>
      <header className="page-head">
        <h1><ColourDot colour={view.project.colour} /> {view.project.name}</h1>
        {(view.project.status !== 1 || view.project.locked) && <StatusBadge status={view.project.status} locked={view.project.locked} />}
        {view.project.comments && viewer.signedIn && (
          <CommentsButton path={commentPath.project(view.project.projectId)} name={view.project.name} canModerate={view.viewer.admin} />
        )}
      </header>
      {view.project.description && <p className="project-view__description">{view.project.description}</p>}
      <nav className="tabs" aria-label={intl.formatMessage(messages.views)}>
        {tabs.filter((tab) => tab.show).map((tab) => (
          <NavLink key={tab.view} to={viewHref(linkBase, tab.view)} end={tab.view === 'info'} className="tabs__link">{intl.formatMessage(tab.label)}</NavLink>
        ))}
      </nav>
      <Outlet context={context} />
    </div>
  );
}

/** Own sign-ups of an item: the server's (members) and the link cache's (visitors). */
function ownSignUps(projectId: string, version: number, item: ItemView, cached: CachedSignUp[]): (OwnSignUp & { status: SignUpView['status']; position: number | null })[] {
  const own = item.mine.map((signup) => ({ signupId: signup.signupId, name: signup.name, values: signup.values, vote: signup.vote, status: signup.status, position: signup.position }));
  for (const entry of cached.filter((candidate) => candidate.itemId === item.itemId)) {
    if (own.some((signup) => signup.signupId === entry.signupId)) continue;
    const server = item.signups?.find((signup) => signup.signupId === entry.signupId);
    // Names visible, the view newer than the sign-up and the entry gone: it was cancelled
    // elsewhere (or by an admin). An older view simply does not show it yet.
    if (item.signups !== null && !server && version > entry.version) {
      forgetSignUp(projectId, entry.signupId);
      continue;
    }
    own.push({
      signupId: entry.signupId, name: server?.name ?? entry.name, values: server?.values ?? null, vote: server?.vote ?? null,
      status: server?.status ?? entry.status, position: server ? server.position : entry.position, token: entry.token,
    } as OwnSignUp & { status: SignUpView['status']; position: number | null });
  }
  return own;
}

function FreePlaces({ item, list }: { item: ItemView; list: ListView }) {
  const intl = useIntl();
  let text: string;
  if (item.free === null) text = intl.formatMessage(messages.unlimited);
  else if (item.free > 0) text = intl.formatMessage(messages.free, { count: item.free });
  else text = intl.formatMessage(list.settings.waitlist ? messages.fullWaitlist : messages.full);
  return (
    <span className={item.free === 0 ? 'badge badge--full' : 'badge'}>
      {text}
      {item.waitlisted > 0 && ` · ${intl.formatMessage(messages.waitlisted, { count: item.waitlisted })}`}
    </span>
  );
}

interface ItemActions {
  signUp: (target: SignUpTarget) => void;
  change: (target: SignUpTarget, signUp: OwnSignUp) => void;
  cancel: (target: SignUpTarget, signUp: OwnSignUp) => void;
}

function ItemCard({ item, list, context, actions, showList = false }: { item: ItemView; list: ListView; context: ViewContext; actions: ItemActions; showList?: boolean }) {
  const intl = useIntl();
  const { view, viewer } = context;
  const projectId = view.project.projectId;
  const own = ownSignUps(projectId, view.version, item, cachedSignUps(projectId));
  const target = { projectId, list, item, version: view.version };
  const open = list.windowState === 'open' && !view.project.locked;
  const others = (item.signups ?? []).filter((signup) => !own.some((mine) => mine.signupId === signup.signupId));
  return (
    <li className="item-card" data-testid="public-item">
      <div className="item-card__head">
        <strong>{item.name}</strong>
        <ItemWhen item={item} />
        {showList && <span className="hint">{intl.formatMessage(messages.inList, { list: list.name })}</span>}
        <FreePlaces item={item} list={list} />
        <span className="spacer" />
        {view.project.comments && viewer.signedIn && (
          <CommentsButton path={commentPath.item(projectId, list.listId, item.itemId)} name={item.name} canModerate={view.viewer.admin} />
        )}
        {open && (viewer.admin || own.length === 0) && (
          <button
            type="button"
            className="button button--primary button--small"
            aria-label={intl.formatMessage(messages.signUpFor, { name: item.name })}
            onClick={() => actions.signUp(target)}
          >
            {intl.formatMessage(messages.signUp)}
          </button>
        )}
      </div>
      {item.description && <p className="hint">{item.description}</p>}
      {own.map((signup) => (
        <div key={signup.signupId} className="own-signup" data-testid="own-signup">
          <span className="badge badge--primary">{intl.formatMessage(messages.mine)}</span>
          <span>{signup.name}</span>
          <span data-testid="own-signup-status">
            {signup.status === 'placed'
              ? intl.formatMessage(messages.placedStatus)
              : intl.formatMessage(messages.waitStatus, { position: signup.position ?? '?' })}
          </span>
          {signup.vote && <VoteLabel value={signup.vote} />}
          {!view.project.locked && (
            <>
              {(list.fields.length > 0 || item.vote || signup.token) && (
                <button type="button" className="button button--small" onClick={() => actions.change(target, signup)}>{intl.formatMessage(messages.change)}</button>
              )}
              <button type="button" className="button button--small button--danger" onClick={() => actions.cancel(target, signup)}>{intl.formatMessage(messages.cancel)}</button>
            </>
          )}
        </div>
      ))}
      {list.namesVisible && others.length > 0 && (
        <ul className="names" aria-label={intl.formatMessage(messages.names)}>
          {others.map((signup) => (
            <li key={signup.signupId} className={`signup signup--${signup.status}`}>
              {signup.name ?? intl.formatMessage(messages.anonymousName)}
              {signup.status === 'waitlisted' && signup.position !== null && <small className="hint"> ({intl.formatMessage(messages.waitStatus, { position: signup.position })})</small>}
              {signup.vote && <small className="hint"> · <VoteLabel value={signup.vote} /></small>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The sign-up, change and cancel dialogs shared by the views. */
function useItemActions(context: ViewContext): { actions: ItemActions; element: ReactNode } {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { confirm, dialog } = useConfirm();
  const [signingUp, setSigningUp] = useState<SignUpTarget | null>(null);
  const [changing, setChanging] = useState<{ target: SignUpTarget; signUp: OwnSignUp } | null>(null);
  const [cancel, cancelState] = useCancelSignUpMutation();
  const [, rerender] = useState(0);
  const actions: ItemActions = {
    signUp: setSigningUp,
    change: (target, signUp) => setChanging({ target, signUp }),
    cancel: (target, signUp) => void (async () => {
      if (!(await confirm(intl.formatMessage(messages.cancelConfirm, { name: target.item.name }), { confirmLabel: intl.formatMessage(messages.cancel), danger: true }))) return;
      const result = await cancel({ projectId: target.projectId, listId: target.list.listId, signupId: signUp.signupId, token: signUp.token, password: context.viewer.password });
      if (!result.data) return;
      if (signUp.token) forgetSignUp(target.projectId, signUp.signupId);
      rerender((value) => value + 1);
      dispatch(popupShown({ message: messages.cancelled, tone: 'success' }));
    })(),
  };
  const element = (
    <>
      <ProjectErrorAlert error={cancelState.error} />
      {dialog}
      {signingUp && <SignUpDialog target={signingUp} viewer={context.viewer} onClose={() => setSigningUp(null)} />}
      {changing && <ChangeSignUpDialog target={changing.target} signUp={changing.signUp} viewer={context.viewer} onClose={() => setChanging(null)} />}
    </>
  );
  return { actions, element };
}

function ListSection({ list, context, actions, items }: { list: ListView; context: ViewContext; actions: ItemActions; items?: ItemView[] }) {
  const intl = useIntl();
  const shown = items ?? list.items;
  return (
    <section className="list-card" id={`_list-${list.listId}`} aria-labelledby={`public-list-${list.listId}`} data-testid="public-list">
      <div className="list-card__head">
        <h3 id={`public-list-${list.listId}`}>{list.name}</h3>
        <span className={`badge window window--${list.windowState}`}>{intl.formatMessage(windowStateMessages[list.windowState])}</span>
        <span className="spacer" />
        {context.view.project.comments && context.viewer.signedIn && (
          <CommentsButton path={commentPath.list(context.view.project.projectId, list.listId)} name={list.name} canModerate={context.view.viewer.admin} />
        )}
      </div>
      {list.description && <p className="hint">{list.description}</p>}
      <ul className="items">
        {shown.map((item) => <ItemCard key={item.itemId} item={item} list={list} context={context} actions={actions} />)}
      </ul>
    </section>
  );
}

/** info: phases with their lists and items, and signing up. */
export function InfoView() {
  const context = useViewContext();
  const { actions, element } = useItemActions(context);
  const { view } = context;
  const top = view.phases.filter((phase) => phase.folderId === null);
  const listsOf = (phaseId: string) => view.lists.filter((list) => list.phaseId === phaseId);
  return (
    <>
      {element}
      {top.map((phase) => (
        <section key={phase.phaseId} className="phase" id={`_phase-${phase.phaseId}`} aria-labelledby={`public-phase-${phase.phaseId}`}>
          <h2 id={`public-phase-${phase.phaseId}`}>{phase.name}</h2>
          {phase.description && <p className="hint">{phase.description}</p>}
          {listsOf(phase.phaseId).map((list) => <ListSection key={list.listId} list={list} context={context} actions={actions} />)}
          {view.phases.filter((group) => group.folderId === phase.phaseId).map((group) => (
            <section key={group.phaseId} className="phase phase--group" id={`_phase-${group.phaseId}`} aria-labelledby={`public-phase-${group.phaseId}`}>
              <h3 id={`public-phase-${group.phaseId}`}>{group.name}</h3>
              {listsOf(group.phaseId).map((list) => <ListSection key={list.listId} list={list} context={context} actions={actions} />)}
            </section>
          ))}
        </section>
      ))}
    </>
  );
}

/** task: the visitor's own sign-ups in this project. */
export function TaskView() {
  const intl = useIntl();
  const context = useViewContext();
  const { actions, element } = useItemActions(context);
  const projectId = context.view.project.projectId;
  const cached = cachedSignUps(projectId);
  const mine = context.view.lists.flatMap((list) => list.items.filter((item) => ownSignUps(projectId, context.view.version, item, cached).length > 0).map((item) => ({ list, item })));
  return (
    <>
      {element}
      {mine.length === 0 && <p className="hint">{intl.formatMessage(messages.noMine)}</p>}
      <ul className="items">
        {mine.map(({ list, item }) => <ItemCard key={item.itemId} item={item} list={list} context={context} actions={actions} showList />)}
      </ul>
    </>
  );
}

/** calendar: a simple agenda of the items grouped by their date. */
export function CalendarView() {
  const intl = useIntl();
  const context = useViewContext();
  const { actions, element } = useItemActions(context);
  const entries = context.view.lists.flatMap((list) => list.items.map((item) => ({ list, item })));
  const dated = entries.filter((entry) => entry.item.date !== null)
    .sort((a, b) => `${a.item.date}${a.item.time?.from ?? ''}`.localeCompare(`${b.item.date}${b.item.time?.from ?? ''}`));
  const days = [...new Set(dated.map((entry) => entry.item.date ?? ''))];
  return (
    <>
      {element}
      {days.length === 0 && <p className="hint">{intl.formatMessage(messages.noDates)}</p>}
      {days.map((day) => (
        <section key={day} className="agenda-day" aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`}>{intl.formatDate(`${day}T12:00:00`, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</h2>
          <ul className="items">
            {dated.filter((entry) => entry.item.date === day).map(({ list, item }) => (
              <ItemCard key={item.itemId} item={item} list={list} context={context} actions={actions} showList />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** filter: search the items and show only those with free places. */
export function FilterView() {
  const intl = useIntl();
  const context = useViewContext();
  const { actions, element } = useItemActions(context);
  const [search, setSearch] = useState('');
  const [onlyFree, setOnlyFree] = useState(false);
  const needle = search.trim().toLowerCase();
  const lists = context.view.lists.map((list) => ({
    list,
    items: list.items.filter((item) => (needle === '' || `${item.name} ${item.description} ${list.name}`.toLowerCase().includes(needle)) && (!onlyFree || item.free === null || item.free > 0)),
  })).filter((entry) => entry.items.length > 0);
  return (
    <>
      {element}
      <div className="toolbar">
        <TextField label={intl.formatMessage(messages.search)} type="search" value={search} onValueChange={setSearch} />
        <div className="check">
          <input id="only-free" type="checkbox" checked={onlyFree} onChange={(event) => setOnlyFree(event.target.checked)} />
          <label htmlFor="only-free">{intl.formatMessage(messages.onlyFree)}</label>
        </div>
      </div>
      {lists.length === 0 && <p className="hint">{intl.formatMessage(messages.noMatch)}</p>}
      {lists.map(({ list, items }) => <ListSection key={list.listId} list={list} context={context} actions={actions} items={items} />)}
    </>
  );
}

/** admin/{view?}: every sign-up per list for the project's managers, and the way to the editor. */
export function AdminView() {
  const intl = useIntl();
  const { view } = useViewContext();
  const { data: links } = useListUserLinksQuery(undefined, { skip: !view.viewer.admin });
  if (!view.viewer.admin) return <p className="alert alert--info">{intl.formatMessage(messages.adminOnly)}</p>;
  const team = teamLinks(links).find((entry) => entry.id === view.project.teamId);
  return (
    <>
      {team && (
        <p><Link className="button" to={projectPaths.manageProject.href(team.link, view.project.projectId)}>{intl.formatMessage(messages.manage)}</Link></p>
      )}
      {view.lists.map((list) => {
        const placed = list.items.reduce((sum, item) => sum + item.placed, 0);
        const waitlisted = list.items.reduce((sum, item) => sum + item.waitlisted, 0);
        return (
          <section key={list.listId} className="card" aria-labelledby={`admin-list-${list.listId}`}>
            <h2 id={`admin-list-${list.listId}`}>{list.name}</h2>
            <p className="hint">{intl.formatMessage(messages.total, { placed, waitlisted })}</p>
            <table className="table" aria-labelledby={`admin-list-${list.listId}`}>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(messages.item)}</th>
                  <th scope="col">{intl.formatMessage(messages.person)}</th>
                  <th scope="col">{intl.formatMessage(messages.status)}</th>
                  {list.fields.map((field) => <th key={field.fieldId} scope="col">{field.label}</th>)}
                </tr>
              </thead>
              <tbody>
                {list.items.flatMap((item) => (item.signups ?? []).map((signup) => (
                  <tr key={signup.signupId}>
                    <td>{item.name}</td>
                    <td>{signup.name ?? intl.formatMessage(messages.anonymousName)}</td>
                    <td>{signup.status === 'placed' ? intl.formatMessage(messages.placedStatus) : intl.formatMessage(messages.waitStatus, { position: signup.position ?? '?' })}</td>
                    {list.fields.map((field) => <td key={field.fieldId}>{valueText(signup.values?.[field.fieldId])}</td>)}
                  </tr>
                )))}
              </tbody>
            </table>
          </section>
        );
      })}
    </>
  );
}

/** /embed/project/{hash}/{view}: the view named by the path. */
export function EmbedView() {
  const { view = 'info' } = useParams();
  switch (view) {
    case 'task': return <TaskView />;
    case 'calendar': return <CalendarView />;
    case 'filter': return <FilterView />;
    default: return <InfoView />;
  }
}
