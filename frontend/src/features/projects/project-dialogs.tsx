import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { COLOUR_IDS, type ProjectStatus } from '@planwerk/events/constants';
import { Checkbox, TextField } from '../../app/form';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { slugOf } from '../teams/team-create-page';
import { ProjectErrorAlert } from './project-errors';
import { absoluteUrl, projectPaths } from './project.paths';
import { colourMessages, colourName, statusMessages } from './project-status';
import {
  CREATE_VISIBILITIES, PROJECT_VISIBILITIES, useChangeLockMutation, useChangeStatusMutation, useChangeVisibilityMutation,
  useCopyProjectMutation, useCreateProjectMutation, useEditProjectMutation, type ProjectVisibility,
} from './projects.api';
import { Modal } from './ui';
import { untyped } from './untyped-messages';

export const dialogMessages = untyped(defineMessages({
  createTitle: { id: 'projects.create.title', defaultMessage: 'Neues Projekt', description: 'Title of the create project dialog' },
  name: { id: 'projects.form.name', defaultMessage: 'Name des Projekts', description: 'Project name field' },
  link: { id: 'projects.form.link', defaultMessage: 'Projekt-Link', description: 'Project link field' },
  linkHint: { id: 'projects.form.linkHint', defaultMessage: 'Kleinbuchstaben, Ziffern und Bindestriche; die Adresse ist {url}', description: 'Hint under the project link' },
  colour: { id: 'projects.form.colour', defaultMessage: 'Farbe', description: 'Colour field' },
  visibility: { id: 'projects.form.visibility', defaultMessage: 'Sichtbarkeit', description: 'Visibility field' },
  password: { id: 'projects.form.password', defaultMessage: 'Projekt-Passwort', description: 'Password of a password project' },
  passwordHint: { id: 'projects.form.passwordHint', defaultMessage: 'Mindestens 4 Zeichen. Leer lassen, um das bisherige Passwort zu behalten.', description: 'Hint under the project password' },
  startDate: { id: 'projects.form.startDate', defaultMessage: 'Startdatum', description: 'Start date field' },
  description: { id: 'projects.form.description', defaultMessage: 'Beschreibung', description: 'Project description field' },
  comments: { id: 'projects.form.comments', defaultMessage: 'Kommentare erlauben', description: 'Comments switch' },
  hideArchived: { id: 'projects.form.hideArchived', defaultMessage: 'Archiviertes Projekt vor Nicht-Mitgliedern verbergen', description: 'hideArchived switch' },
  create: { id: 'projects.create.submit', defaultMessage: 'Projekt erstellen', description: 'Creates the project' },
  created: { id: 'projects.create.done', defaultMessage: 'Das Projekt wurde erstellt.', description: 'Popup after creating' },
  settingsTitle: { id: 'projects.settings.title', defaultMessage: 'Einstellungen des Projekts', description: 'Title of the project settings dialog' },
  save: { id: 'projects.settings.save', defaultMessage: 'Speichern', description: 'Saves a dialog' },
  saved: { id: 'projects.settings.saved', defaultMessage: 'Gespeichert.', description: 'Popup after saving' },
  statusLabel: { id: 'projects.settings.status', defaultMessage: 'Status', description: 'Status field of the settings' },
  changeStatus: { id: 'projects.settings.changeStatus', defaultMessage: 'Status ändern', description: 'Applies the chosen status' },
  lock: { id: 'projects.settings.lock', defaultMessage: 'Projekt sperren', description: 'Lock switch' },
  copyTitle: { id: 'projects.copy.title', defaultMessage: 'Projekt kopieren', description: 'Title of the copy dialog' },
  presetTitle: { id: 'projects.copy.presetTitle', defaultMessage: 'Als Vorlage speichern', description: 'Title of the new preset dialog' },
  copySubmit: { id: 'projects.copy.submit', defaultMessage: 'Kopieren', description: 'Copies the project' },
  presetSubmit: { id: 'projects.copy.presetSubmit', defaultMessage: 'Vorlage speichern', description: 'Saves the preset' },
  copied: { id: 'projects.copy.done', defaultMessage: 'Die Kopie wurde angelegt.', description: 'Popup after a copy' },
  copyOf: { id: 'projects.copy.nameOf', defaultMessage: 'Kopie von {name}', description: 'Default name of a copy' },
  inviteTitle: { id: 'projects.invite.title', defaultMessage: 'Zum Projekt einladen', description: 'Title of the invite dialog' },
  inviteText: { id: 'projects.invite.text', defaultMessage: 'Teile diesen Link. Wer ihn öffnet, sieht das Projekt und kann sich eintragen.', description: 'Invite dialog text' },
  publicLink: { id: 'projects.invite.publicLink', defaultMessage: 'Link zum Projekt', description: 'The project link' },
  embedLink: { id: 'projects.invite.embedLink', defaultMessage: 'Link zum Einbetten', description: 'The embed link' },
  copyLink: { id: 'projects.invite.copy', defaultMessage: 'Link kopieren', description: 'Copies a link' },
  copyDone: { id: 'projects.clipboard.done', defaultMessage: 'In die Zwischenablage kopiert.', description: 'Clipboard success popup' },
  copyFailed: { id: 'projects.clipboard.failed', defaultMessage: 'Kopieren in die Zwischenablage ist fehlgeschlagen.', description: 'Clipboard failure popup' },
  planningHint: { id: 'projects.settings.planningHint', defaultMessage: 'Ein Projekt in Planung sehen nur die Inhaberin oder der Inhaber und die Verwaltung. Gib es frei, damit andere es sehen.', description: 'Hint for planning projects' },
}));

export const visibilityMessages = untyped(defineMessages({
  public: { id: 'projects.visibility.public', defaultMessage: 'Öffentlich (alle mit dem Link)', description: 'Visibility public' },
  login: { id: 'projects.visibility.login', defaultMessage: 'Angemeldete Personen', description: 'Visibility login' },
  verified: { id: 'projects.visibility.verified', defaultMessage: 'Personen mit bestätigter E-Mail-Adresse', description: 'Visibility verified' },
  team: { id: 'projects.visibility.team', defaultMessage: 'Mitglieder des Teams', description: 'Visibility team' },
  admins: { id: 'projects.visibility.admins', defaultMessage: 'Inhaber*in und Admins', description: 'Visibility admins' },
  owner: { id: 'projects.visibility.owner', defaultMessage: 'Nur Inhaber*in', description: 'Visibility owner' },
  password: { id: 'projects.visibility.password', defaultMessage: 'Mit Passwort', description: 'Visibility password' },
}));

/** The clipboard with the spec's success and failure popups. */
export function useCopyToClipboard(): (text: string) => void {
  const dispatch = useAppDispatch();
  return (text: string) => {
    navigator.clipboard.writeText(text).then(
      () => dispatch(popupShown({ message: dialogMessages.copyDone, tone: 'success' })),
      () => dispatch(popupShown({ message: dialogMessages.copyFailed, tone: 'danger' })),
    );
  };
}

function ColourSelect({ value, onChange }: { value: number; onChange: (colour: number) => void }) {
  const intl = useIntl();
  return (
    <div className="field">
      <label htmlFor="project-colour">{intl.formatMessage(dialogMessages.colour)}</label>
      <select id="project-colour" className="input" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {COLOUR_IDS.map((id) => <option key={id} value={id}>{intl.formatMessage(colourMessages[colourName(id)])}</option>)}
      </select>
    </div>
  );
}

function VisibilitySelect({ value, onChange, allowPassword }: { value: ProjectVisibility; onChange: (value: ProjectVisibility) => void; allowPassword: boolean }) {
  const intl = useIntl();
  const options = allowPassword ? PROJECT_VISIBILITIES : [...CREATE_VISIBILITIES, 'password' as const];
  return (
    <div className="field">
      <label htmlFor="project-visibility">{intl.formatMessage(dialogMessages.visibility)}</label>
      <select
        id="project-visibility"
        className="input"
        value={value}
        onChange={(event) => onChange(PROJECT_VISIBILITIES.find((option) => option === event.target.value) ?? 'public')}
      >
        {options.map((option) => <option key={option} value={option}>{intl.formatMessage(visibilityMessages[option])}</option>)}
      </select>
    </div>
  );
}

export function CreateProjectDialog({ teamId, onClose, onCreated }: { teamId: string; onClose: () => void; onCreated: (projectId: string) => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  const [linkEdited, setLinkEdited] = useState(false);
  const [colour, setColour] = useState(7);
  const [visibility, setVisibility] = useState<ProjectVisibility>('public');
  const [password, setPassword] = useState('');
  const [startDate, setStartDate] = useState('');
  const [create, createState] = useCreateProjectMutation();
  const [changeVisibility, visibilityState] = useChangeVisibilityMutation();
  const shownLink = linkEdited ? link : slugOf(name);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const initial = visibility === 'password' ? 'owner' : visibility;
    const result = await create({ teamId, body: { name: name.trim(), link: shownLink, colour, visibility: initial, startDate: startDate === '' ? null : startDate } });
    if (!result.data) return;
    if (visibility === 'password') {
      const changed = await changeVisibility({ teamId, projectId: result.data.projectId, body: { visibility: 'password', password } });
      if (!changed.data) return;
    }
    dispatch(popupShown({ message: dialogMessages.created, tone: 'success' }));
    onCreated(result.data.projectId);
  }

  return (
    <Modal title={intl.formatMessage(dialogMessages.createTitle)} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <TextField label={intl.formatMessage(dialogMessages.name)} value={name} onValueChange={setName} required maxLength={120} autoFocus />
        <TextField
          label={intl.formatMessage(dialogMessages.link)}
          value={shownLink}
          onValueChange={(value) => {
            setLinkEdited(true);
            setLink(value.toLowerCase());
          }}
          required
          minLength={2}
          maxLength={60}
          pattern="[a-z0-9](?:[a-z0-9\-]{0,58}[a-z0-9])?"
          hint={intl.formatMessage(dialogMessages.linkHint, { url: absoluteUrl(projectPaths.projectView.href(shownLink || '…')) })}
        />
        <ColourSelect value={colour} onChange={setColour} />
        <VisibilitySelect value={visibility} onChange={setVisibility} allowPassword={false} />
        {visibility === 'password' && (
          <TextField label={intl.formatMessage(dialogMessages.password)} type="password" value={password} onValueChange={setPassword} required minLength={4} maxLength={200} autoComplete="new-password" />
        )}
        <TextField label={intl.formatMessage(dialogMessages.startDate)} type="date" value={startDate} onValueChange={setStartDate} />
        <ProjectErrorAlert error={createState.error ?? visibilityState.error} />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={createState.isLoading || visibilityState.isLoading}>
            {intl.formatMessage(dialogMessages.create)}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export interface SettingsProject {
  projectId: string;
  name: string;
  colour: number;
  status: ProjectStatus;
  locked: boolean;
  visibility: ProjectVisibility;
  startDate: string | null;
  description?: string;
  comments?: boolean;
  hideArchived?: boolean;
}

const STATUS_CHOICES = [1, 3, 4, 5, 10] as const;
const STATUS_NAME = { 1: 'active', 3: 'planning', 4: 'successful', 5: 'hidden', 10: 'archived' } as const;

export function ProjectSettingsDialog({ teamId, project, isOwner, manageProjectsHref, onClose }: {
  teamId: string;
  project: SettingsProject;
  isOwner: boolean;
  manageProjectsHref: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [name, setName] = useState(project.name);
  const [colour, setColour] = useState(project.colour);
  const [startDate, setStartDate] = useState(project.startDate ?? '');
  const [description, setDescription] = useState(project.description ?? '');
  const [comments, setComments] = useState(project.comments ?? true);
  const [hideArchived, setHideArchived] = useState(project.hideArchived ?? false);
  const [visibility, setVisibility] = useState<ProjectVisibility>(project.visibility);
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<number>(project.status);
  const [locked, setLocked] = useState(project.locked);
  const [edit, editState] = useEditProjectMutation();
  const [changeVisibility, visibilityState] = useChangeVisibilityMutation();
  const [changeStatus, statusState] = useChangeStatusMutation();
  const [changeLock, lockState] = useChangeLockMutation();
  const ref = { teamId, projectId: project.projectId };
  const busy = editState.isLoading || visibilityState.isLoading || statusState.isLoading || lockState.isLoading;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const edited = await edit({
      ...ref,
      body: { name: name.trim(), colour, startDate: startDate === '' ? null : startDate, settings: { description, comments, hideArchived } },
    });
    if (!edited.data) return;
    if (visibility !== project.visibility || (visibility === 'password' && password !== '')) {
      const changed = await changeVisibility({ ...ref, body: visibility === 'password' && password !== '' ? { visibility, password } : { visibility } });
      if (!changed.data) return;
    }
    if (locked !== project.locked) {
      const changed = await changeLock({ ...ref, locked });
      if (!changed.data) return;
    }
    dispatch(popupShown({ message: dialogMessages.saved, tone: 'success' }));
    onClose();
  }

  async function applyStatus() {
    const target = STATUS_CHOICES.find((choice) => choice === status);
    if (target === undefined || target === project.status) return;
    const result = await changeStatus({ ...ref, body: { status: target } });
    if (result.data) dispatch(popupShown({ message: dialogMessages.saved, tone: 'success' }));
  }

  // Release 3 → 1 is the owner's (ADR 0006); a template cannot be released.
  const statusChoices = STATUS_CHOICES.filter((choice) => project.status !== 2 && (choice !== 1 || project.status !== 3 || isOwner));

  return (
    <Modal title={intl.formatMessage(dialogMessages.settingsTitle)} onClose={onClose} wide>
      {project.status !== 0 && project.status !== 2 && (
        <div className="field-row">
          <div className="field">
            <label htmlFor="project-status">{intl.formatMessage(dialogMessages.statusLabel)}</label>
            <select id="project-status" className="input" value={status} onChange={(event) => setStatus(Number(event.target.value))}>
              {!statusChoices.some((choice) => choice === project.status) && (
                <option value={project.status}>{intl.formatMessage(statusMessages.planning)}</option>
              )}
              {statusChoices.map((choice) => <option key={choice} value={choice}>{intl.formatMessage(statusMessages[STATUS_NAME[choice]])}</option>)}
            </select>
          </div>
          <button type="button" className="button" disabled={busy || status === project.status} onClick={() => void applyStatus()}>
            {intl.formatMessage(dialogMessages.changeStatus)}
          </button>
        </div>
      )}
      {project.status === 3 && <p className="hint">{intl.formatMessage(dialogMessages.planningHint)}</p>}
      <ProjectErrorAlert error={statusState.error} changeStatusHref={manageProjectsHref} />
      <form className="form form--wide" onSubmit={(event) => void submit(event)}>
        <TextField label={intl.formatMessage(dialogMessages.name)} value={name} onValueChange={setName} required maxLength={120} />
        <ColourSelect value={colour} onChange={setColour} />
        <TextField label={intl.formatMessage(dialogMessages.startDate)} type="date" value={startDate} onValueChange={setStartDate} />
        <div className="field">
          <label htmlFor="project-description">{intl.formatMessage(dialogMessages.description)}</label>
          <textarea id="project-description" rows={3} maxLength={10000} value={description} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <VisibilitySelect value={visibility} onChange={setVisibility} allowPassword />
        {visibility === 'password' && (
          <TextField
            label={intl.formatMessage(dialogMessages.password)}
            type="password"
            value={password}
            onValueChange={setPassword}
            minLength={4}
            maxLength={200}
            required={project.visibility !== 'password'}
            autoComplete="new-password"
            hint={intl.formatMessage(dialogMessages.passwordHint)}
          />
        )}
        <Checkbox label={intl.formatMessage(dialogMessages.comments)} checked={comments} onChange={setComments} />
        <Checkbox label={intl.formatMessage(dialogMessages.hideArchived)} checked={hideArchived} onChange={setHideArchived} />
        <Checkbox label={intl.formatMessage(dialogMessages.lock)} checked={locked} onChange={setLocked} />
        <ProjectErrorAlert error={editState.error ?? visibilityState.error ?? lockState.error} />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={busy}>{intl.formatMessage(dialogMessages.save)}</button>
        </div>
      </form>
    </Modal>
  );
}

export function CopyProjectDialog({ teamId, project, asPreset, onClose, onCopied }: {
  teamId: string;
  project: { projectId: string; name: string };
  asPreset: boolean;
  onClose: () => void;
  onCopied: (projectId: string) => void;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [name, setName] = useState(asPreset ? project.name : intl.formatMessage(dialogMessages.copyOf, { name: project.name }));
  const [link, setLink] = useState('');
  const [linkEdited, setLinkEdited] = useState(false);
  const [startDate, setStartDate] = useState('');
  const [copy, { isLoading, error }] = useCopyProjectMutation();
  const shownLink = linkEdited ? link : slugOf(name);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await copy({
      teamId, projectId: project.projectId,
      body: { name: name.trim(), link: shownLink, asPreset, ...(startDate !== '' ? { startDate } : {}) },
    });
    if (!result.data) return;
    dispatch(popupShown({ message: dialogMessages.copied, tone: 'success' }));
    onCopied(result.data.projectId);
  }

  return (
    <Modal title={intl.formatMessage(asPreset ? dialogMessages.presetTitle : dialogMessages.copyTitle)} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)}>
        <TextField label={intl.formatMessage(dialogMessages.name)} value={name} onValueChange={setName} required maxLength={120} autoFocus />
        <TextField
          label={intl.formatMessage(dialogMessages.link)}
          value={shownLink}
          onValueChange={(value) => {
            setLinkEdited(true);
            setLink(value.toLowerCase());
          }}
          required
          minLength={2}
          maxLength={60}
        />
        <TextField label={intl.formatMessage(dialogMessages.startDate)} type="date" value={startDate} onValueChange={setStartDate} />
        <ProjectErrorAlert error={error} />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={isLoading}>
            {intl.formatMessage(asPreset ? dialogMessages.presetSubmit : dialogMessages.copySubmit)}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function InviteDialog({ project, onClose }: { project: { link: string; shareHash: string }; onClose: () => void }) {
  const intl = useIntl();
  const copy = useCopyToClipboard();
  const publicUrl = absoluteUrl(projectPaths.projectView.href(project.link));
  const embedUrl = absoluteUrl(projectPaths.embed.href(project.shareHash));
  return (
    <Modal title={intl.formatMessage(dialogMessages.inviteTitle)} onClose={onClose}>
      <p>{intl.formatMessage(dialogMessages.inviteText)}</p>
      {[{ label: dialogMessages.publicLink, url: publicUrl }, { label: dialogMessages.embedLink, url: embedUrl }].map(({ label, url }) => (
        <div className="field" key={url}>
          <span>{intl.formatMessage(label)}</span>
          <div className="field-row">
            <output className="mono">{url}</output>
            <button type="button" className="button" onClick={() => copy(url)}>{intl.formatMessage(dialogMessages.copyLink)}</button>
          </div>
        </div>
      ))}
    </Modal>
  );
}
