import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Checkbox, TextField } from '../../../shared/form';
import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import { DialogForm } from '../../../shared/dialog-form';
import { SelectField, TextAreaField } from '../../../shared/form-fields';
import { ProjectErrorAlert } from '../../../shared/project-errors';
import { statusMessages } from '../project-status';
import {
  useChangeLockMutation, useChangeStatusMutation, useChangeVisibilityMutation, useEditProjectMutation, type ProjectView,
  type ProjectVisibility,
} from '../projects.api';
import { dialogMessages } from './project-dialogs.messages';
import { ColourSelect, VisibilitySelect } from './project-fields';
import { DateTimeField } from '../../../shared/date-time-field';

export type SettingsProject = Pick<ProjectView['project'], 'projectId' | 'name' | 'colour' | 'status' | 'locked' | 'visibility' | 'startDate'> & {
  // Known in the editor (from the project's tree), not in the projects list: the dialog shows and
  // sends only what it knows, so saving from the list never blanks a description or a place.
  description?: string;
  place?: string;
  comments?: boolean;
  hideArchived?: boolean;
};

/** The settings the person changed; unknown ones (undefined) are never sent. */
export function changedSettings(
  project: Pick<SettingsProject, 'description' | 'place' | 'comments' | 'hideArchived'>,
  edited: { description: string; place: string; comments: boolean; hideArchived: boolean },
): Partial<typeof edited> {
  const changed: Partial<typeof edited> = {};
  if (project.description !== undefined && edited.description !== project.description) changed.description = edited.description;
  if (project.place !== undefined && edited.place.trim() !== project.place) changed.place = edited.place.trim();
  if (project.comments !== undefined && edited.comments !== project.comments) changed.comments = edited.comments;
  if (project.hideArchived !== undefined && edited.hideArchived !== project.hideArchived) changed.hideArchived = edited.hideArchived;
  return changed;
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
  const [place, setPlace] = useState(project.place ?? '');
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

  async function submit() {
    const edited = await edit({
      ...ref,
      body: { name: name.trim(), colour, startDate: startDate === '' ? null : startDate, settings: changedSettings(project, { description, place, comments, hideArchived }) },
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

  // The status has its own button above the form: it applies at once, not with Save.
  const statusRow = (
    <>
      {project.status !== 0 && project.status !== 2 && (
        <div className="field-row">
          <SelectField id="project-status" label={intl.formatMessage(dialogMessages.statusLabel)} value={status} onValueChange={(value) => setStatus(Number(value))}>
            {!statusChoices.some((choice) => choice === project.status) && (
              <option value={project.status}>{intl.formatMessage(statusMessages.planning)}</option>
            )}
            {statusChoices.map((choice) => <option key={choice} value={choice}>{intl.formatMessage(statusMessages[STATUS_NAME[choice]])}</option>)}
          </SelectField>
          <button type="button" className="button" disabled={busy || status === project.status} onClick={() => void applyStatus()}>
            {intl.formatMessage(dialogMessages.changeStatus)}
          </button>
        </div>
      )}
      {project.status === 3 && <p className="hint">{intl.formatMessage(dialogMessages.planningHint)}</p>}
      <ProjectErrorAlert error={statusState.error} changeStatusHref={manageProjectsHref} />
    </>
  );

  return (
    <DialogForm
      title={intl.formatMessage(dialogMessages.settingsTitle)}
      onClose={onClose}
      wide
      lead={statusRow}
      error={editState.error ?? visibilityState.error ?? lockState.error}
      submitLabel={dialogMessages.save}
      submitDisabled={busy}
      onSubmit={submit}
    >
      <TextField label={intl.formatMessage(dialogMessages.name)} value={name} onValueChange={setName} required maxLength={120} />
      <ColourSelect value={colour} onChange={setColour} />
      <DateTimeField kind="date" label={intl.formatMessage(dialogMessages.startDate)} value={startDate} onValueChange={setStartDate} />
      {project.place !== undefined && (
        <TextField label={intl.formatMessage(dialogMessages.place)} value={place} onValueChange={setPlace} maxLength={200}
          hint={intl.formatMessage(dialogMessages.placeHint)} autoComplete="off" />
      )}
      {project.description !== undefined && (
        <TextAreaField id="project-description" label={intl.formatMessage(dialogMessages.description)} rows={3} maxLength={10000} value={description} onValueChange={setDescription} />
      )}
      <VisibilitySelect value={visibility} onChange={setVisibility} allowPassword />
      {visibility === 'password' && (
        <TextField
          label={intl.formatMessage(dialogMessages.password)}
          type="password"
          value={password}
          onValueChange={setPassword}
          minLength={8}
          maxLength={200}
          required={project.visibility !== 'password'}
          autoComplete="new-password"
          hint={intl.formatMessage(dialogMessages.passwordHint)}
        />
      )}
      {project.comments !== undefined && <Checkbox label={intl.formatMessage(dialogMessages.comments)} checked={comments} onChange={setComments} />}
      {project.hideArchived !== undefined && <Checkbox label={intl.formatMessage(dialogMessages.hideArchived)} checked={hideArchived} onChange={setHideArchived} />}
      <Checkbox label={intl.formatMessage(dialogMessages.lock)} checked={locked} onChange={setLocked} />
    </DialogForm>
  );
}
