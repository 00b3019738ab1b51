import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { AccessArea } from '@planwerk/events/constants';
import { ApiErrorAlert } from '../../shared/form';
import { Icon, ShieldCheck, X } from '../../shared/icons';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { MemberCombobox } from './member-combobox';
import {
  useChangeMemberAccessMutation, useChangeMemberLevelMutation, useListTeamMembersQuery, useListTeamProjectsQuery,
  type MemberAccess, type TeamDetails, type TeamMember,
} from './teams.api';
import { levelMessages, memberLabelMessage } from './teams.messages';
import { accessAreaMessages, accessMessages as m } from './team-admin.messages';
import './team-admin.css';

// The areas the console has screens for. manage_prj grants the whole area (spec section 6);
// manage_backup is granted per project (its item ids are project ids).
export const EDITOR_AREAS = ['manage_prj', 'manage_backup', 'manage_active', 'manage_contact', 'manage_preset'] as const satisfies readonly AccessArea[];
type EditorArea = (typeof EDITOR_AREAS)[number];
const PER_PROJECT: ReadonlySet<EditorArea> = new Set(['manage_backup']);
const ROLES = ['item', 'space'] as const;

/** Does the member's map grant the area (and the item, for per-item areas)? */
export function hasAccess(access: MemberAccess | undefined, area: EditorArea, itemId: string | null): boolean {
  const items = access?.[area];
  if (!items) return false;
  return itemId === null || items.includes(itemId);
}

/** The map with the area (or one item of it) added or taken away; an emptied item list drops the area. */
export function withAccess(access: MemberAccess | undefined, area: EditorArea, itemId: string | null, granted: boolean): MemberAccess {
  const next: MemberAccess = { ...(access ?? {}) };
  const items = next[area] ?? [];
  if (granted) {
    next[area] = itemId === null ? items : [...new Set([...items, itemId])];
    return next;
  }
  const left = itemId === null ? [] : items.filter((id) => id !== itemId);
  if (left.length === 0) delete next[area];
  else next[area] = left;
  return next;
}

const limited = (member: TeamMember) => member.level === 'space' || member.level === 'item';

// Who may manage an area of the team or one project of it: owner and admin always; space and
// item members when their access map lists it (owner or admin edit, spec section 6).
export function AccessListEditor({ team }: { team: TeamDetails }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const formId = useId();
  const personRef = useRef<HTMLInputElement>(null);
  const [area, setArea] = useState<EditorArea>('manage_prj');
  const [projectId, setProjectId] = useState('');
  const [candidate, setCandidate] = useState<TeamMember | null>(null);
  const [role, setRole] = useState<(typeof ROLES)[number]>('item');
  const [problem, setProblem] = useState(false);
  // A new round after each grant empties the person field.
  const [round, setRound] = useState(0);
  const { data: members, error } = useListTeamMembersQuery(team.id);
  const perProject = PER_PROJECT.has(area);
  const { data: projects } = useListTeamProjectsQuery({ teamId: team.id, status: '1,3,4,5,10' }, { skip: !perProject });
  const [changeAccess, accessState] = useChangeMemberAccessMutation();
  const [changeLevel, levelState] = useChangeMemberLevelMutation();
  const busy = accessState.isLoading || levelState.isLoading;
  const itemId = perProject ? (projectId || projects?.[0]?.projectId || null) : null;
  const ready = !perProject || itemId !== null;
  const nameOf = (member: TeamMember) => member.name ?? intl.formatMessage(memberLabelMessage, { id: member.userId.slice(0, 8) });

  const always = (members ?? []).filter((member) => member.level === 'owner' || member.level === 'admin');
  const granted = ready ? (members ?? []).filter((member) => limited(member) && hasAccess(member.access, area, itemId)) : [];
  const candidates = (members ?? []).filter((member) => (limited(member) || member.level === 'member') && !granted.includes(member));

  async function grant() {
    if (!candidate) { setProblem(true); return; }
    if (candidate.level === 'member') {
      const changed = await changeLevel({ teamId: team.id, userId: candidate.userId, level: role });
      if (changed.error) return;
    }
    const result = await changeAccess({ teamId: team.id, userId: candidate.userId, access: withAccess(candidate.access, area, itemId, true) });
    if (result.error) return;
    dispatch(popupShown({ message: m.added, values: { name: nameOf(candidate) }, tone: 'success' }));
    setCandidate(null);
    setRound((value) => value + 1);
  }

  async function revoke(member: TeamMember) {
    const result = await changeAccess({ teamId: team.id, userId: member.userId, access: withAccess(member.access, area, itemId, false) });
    if (result.data) dispatch(popupShown({ message: m.removed, values: { name: nameOf(member) }, tone: 'success' }));
  }

  return (
    <section className="card" aria-labelledby="team-access">
      <h2 id="team-access" className="team-heading"><Icon of={ShieldCheck} /> {intl.formatMessage(m.title)}</h2>
      <p className="hint">{intl.formatMessage(m.intro)}</p>
      <ApiErrorAlert error={error ?? accessState.error ?? levelState.error} />
      <div className="access-scope">
        <div className="field">
          <label htmlFor={`${formId}-area`}>{intl.formatMessage(m.area)}</label>
          <select id={`${formId}-area`} className="input" value={area} onChange={(event) => setArea(EDITOR_AREAS.find((a) => a === event.target.value) ?? 'manage_prj')}>
            {EDITOR_AREAS.map((id) => <option key={id} value={id}>{intl.formatMessage(accessAreaMessages[id])}</option>)}
          </select>
        </div>
        {perProject && projects && projects.length > 0 && (
          <div className="field">
            <label htmlFor={`${formId}-project`}>{intl.formatMessage(m.project)}</label>
            <select id={`${formId}-project`} className="input" value={itemId ?? ''} onChange={(event) => setProjectId(event.target.value)}>
              {projects.map((project) => <option key={project.projectId} value={project.projectId}>{project.name}</option>)}
            </select>
          </div>
        )}
      </div>
      {perProject && projects && projects.length === 0 && <p className="hint">{intl.formatMessage(m.noProjects)}</p>}
      {always.length > 0 && <p className="hint">{intl.formatMessage(m.always, { names: always.map(nameOf).join(', ') })}</p>}
      {members && ready && (
        granted.length === 0 ? (
          <div className="team-empty">
            <div className="team-empty__icon"><Icon of={ShieldCheck} /></div>
            <p>{intl.formatMessage(m.empty)}</p>
            <button type="button" className="button" onClick={() => personRef.current?.focus()}>{intl.formatMessage(m.emptyAction)}</button>
          </div>
        ) : (
          <ul className="access-list" aria-label={intl.formatMessage(m.listLabel)}>
            {granted.map((member) => (
              <li key={member.userId} className="access-list__row">
                <span className="access-list__name">{nameOf(member)}</span>
                {member.level && <span className="badge">{intl.formatMessage(levelMessages[member.level])}</span>}
                <button type="button" className="button button--small" disabled={busy}
                  aria-label={intl.formatMessage(m.remove, { name: nameOf(member) })} onClick={() => void revoke(member)}>
                  <Icon of={X} /> {intl.formatMessage(m.removeShort)}
                </button>
              </li>
            ))}
          </ul>
        )
      )}
      {members && ready && (
        <form className="access-add" onSubmit={(event) => { event.preventDefault(); void grant(); }}>
          <MemberCombobox
            key={round}
            inputRef={personRef}
            label={intl.formatMessage(m.person)}
            hint={intl.formatMessage(m.personHint)}
            noMatch={intl.formatMessage(m.noMatch)}
            members={candidates}
            nameOf={nameOf}
            chosen={candidate}
            onChoose={(member) => { setCandidate(member); setProblem(false); }}
            problem={problem ? intl.formatMessage(m.pickFirst) : undefined}
          />
          {candidate?.level === 'member' && (
            <div className="field">
              <label htmlFor={`${formId}-role`}>{intl.formatMessage(m.role)}</label>
              <select id={`${formId}-role`} className="input" value={role} onChange={(event) => setRole(ROLES.find((r) => r === event.target.value) ?? 'item')}>
                {ROLES.map((level) => <option key={level} value={level}>{intl.formatMessage(levelMessages[level])}</option>)}
              </select>
            </div>
          )}
          <button type="submit" className="button button--primary" disabled={busy}>{intl.formatMessage(m.add)}</button>
        </form>
      )}
    </section>
  );
}
