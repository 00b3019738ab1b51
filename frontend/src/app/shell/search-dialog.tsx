import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { projectPaths } from '../../features/projects/project.paths';
import { useListProjectsQuery } from '../../features/projects/projects.api';
import type { LinkEntry } from '../../features/teams/teams.api';
import { useAppDispatch, useAppSelector } from '../hooks';
import { paths } from '../paths';
import { searchClosed } from '../ui.slice';
import { useLayer } from './layers';
import { searchProjectsMessage, shellMessages } from './shell.messages';
import { managesTeam, useCurrentTeam } from './use-current-team';

const MIN_QUERY = 2;

export function matches(query: string, ...texts: string[]): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return needle !== '' && texts.some((text) => text.toLocaleLowerCase().includes(needle));
}

// Projects of one team the user manages (GET /v5/team/{teamId}/project needs manage_prj).
function TeamProjectHits({ team, query, onPick, onCount }: {
  team: LinkEntry; query: string; onPick: () => boolean; onCount: (teamId: string, count: number) => void;
}) {
  const intl = useIntl();
  const { data } = useListProjectsQuery({ teamId: team.id, filter: 'project' });
  const hits = (data ?? []).filter((project) => project.status !== 0 && matches(query, project.name, project.link));
  useEffect(() => onCount(team.id, hits.length), [onCount, team.id, hits.length]);
  if (hits.length === 0) return null;
  const headingId = `search-projects-${team.id}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="search__heading">{intl.formatMessage(searchProjectsMessage, { team: team.name })}</h3>
      <ul className="search__list">
        {hits.map((project) => (
          <li key={project.projectId}>
            <Link className="search__hit" to={projectPaths.manageProject.href(team.link, project.projectId)} onClick={onPick}>
              {project.name} <span className="hint">/{project.link}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

// The search of the top bar (Ctrl+Space, Ctrl+F): the user's teams and the projects of the
// teams it manages, through the endpoints that exist for them.
export function SearchDialog() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const open = useAppSelector((state) => state.ui.searchOpen);
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const { teams } = useCurrentTeam();
  const [query, setQuery] = useState('');
  const [projectHits, setProjectHits] = useState<Record<string, number>>({});
  const countHits = useCallback((teamId: string, count: number) => {
    setProjectHits((current) => (current[teamId] === count ? current : { ...current, [teamId]: count }));
  }, []);
  const ref = useRef<HTMLDialogElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = () => {
    dispatch(searchClosed());
    return true;
  };
  useLayer('search', open, close);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setQuery('');
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const searching = query.trim().length >= MIN_QUERY;
  const teamHits = searching ? teams.filter((team) => matches(query, team.name, team.link)) : [];
  const managed = searching ? teams.filter(managesTeam) : [];

  return (
    <dialog
      ref={ref}
      data-layer="search"
      className="dialog dialog--wide search"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClose={() => {
        // The close event is queued: when the search was opened again before it fired (Ctrl+F
        // right after Escape), the dialog is open again and this stale event must not close it.
        if (open && !ref.current?.open) close();
      }}
    >
      <h2 id={titleId}>{intl.formatMessage(shellMessages.searchTitle)}</h2>
      {signedIn ? (
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            // Enter opens the first hit.
            const first = listRef.current?.querySelector<HTMLAnchorElement>('a.search__hit');
            if (!first) return;
            const href = first.getAttribute('href');
            close();
            if (href) void navigate(href);
          }}
        >
          <label className="field">
            <span>{intl.formatMessage(shellMessages.searchLabel)}</span>
            <input className="input" type="search" autoFocus value={query} onChange={(event) => setQuery(event.target.value)} />
          </label>
        </form>
      ) : (
        <p>{intl.formatMessage(shellMessages.searchSignIn)}</p>
      )}
      {open && signedIn && (
        <div ref={listRef} className="search__results" aria-live="polite">
          {!searching && <p className="hint">{intl.formatMessage(shellMessages.searchHint)}</p>}
          {teamHits.length > 0 && (
            <section aria-labelledby="search-teams">
              <h3 id="search-teams" className="search__heading">{intl.formatMessage(shellMessages.searchTeams)}</h3>
              <ul className="search__list">
                {teamHits.map((team) => (
                  <li key={team.id}>
                    <Link className="search__hit" to={paths.team.href(team.link)} onClick={close}>{team.name}</Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {managed.map((team) => <TeamProjectHits key={team.id} team={team} query={query} onPick={close} onCount={countHits} />)}
          {searching && teamHits.length === 0 && managed.every((team) => projectHits[team.id] === 0) && (
            <p>{intl.formatMessage(shellMessages.searchEmpty)}</p>
          )}
        </div>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={close}>{intl.formatMessage(shellMessages.close)}</button>
      </div>
    </dialog>
  );
}
