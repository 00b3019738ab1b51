import { useState } from 'react';
import { useIntl } from 'react-intl';
import { TextField } from '../../../shared/form';
import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import { DialogForm } from '../../../shared/dialog-form';
import { absoluteUrl, projectPaths } from '../project.paths';
import { useChangeVisibilityMutation, useCreateProjectMutation, type ProjectVisibility } from '../projects.api';
import { NameAndLinkFields, useNameAndLink } from './name-and-link-fields';
import { dialogMessages } from './project-dialogs.messages';
import { ColourSelect, VisibilitySelect } from './project-fields';
import { DateTimeField } from '../../../shared/date-time-field';

export function CreateProjectDialog({ teamId, onClose, onCreated }: { teamId: string; onClose: () => void; onCreated: (projectId: string) => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const project = useNameAndLink('');
  const [colour, setColour] = useState(7);
  const [visibility, setVisibility] = useState<ProjectVisibility>('public');
  const [password, setPassword] = useState('');
  const [startDate, setStartDate] = useState('');
  const [create, createState] = useCreateProjectMutation();
  const [changeVisibility, visibilityState] = useChangeVisibilityMutation();

  // A password project is created as owner-only and gets its password in a second call.
  async function submit() {
    const initial = visibility === 'password' ? 'owner' : visibility;
    const result = await create({ teamId, body: { name: project.name.trim(), link: project.link, colour, visibility: initial, startDate: startDate === '' ? null : startDate } });
    if (!result.data) return;
    if (visibility === 'password') {
      const changed = await changeVisibility({ teamId, projectId: result.data.projectId, body: { visibility: 'password', password } });
      if (!changed.data) return;
    }
    dispatch(popupShown({ message: dialogMessages.created, tone: 'success' }));
    onCreated(result.data.projectId);
  }

  return (
    <DialogForm
      title={intl.formatMessage(dialogMessages.createTitle)}
      onClose={onClose}
      error={createState.error ?? visibilityState.error}
      submitLabel={dialogMessages.create}
      submitDisabled={createState.isLoading || visibilityState.isLoading}
      onSubmit={submit}
    >
      <NameAndLinkFields
        nameLabel={intl.formatMessage(dialogMessages.name)}
        linkLabel={intl.formatMessage(dialogMessages.link)}
        value={project}
        linkPattern="[a-z0-9](?:[a-z0-9\-]{0,58}[a-z0-9])?"
        linkHint={intl.formatMessage(dialogMessages.linkHint, { url: absoluteUrl(projectPaths.projectView.href(project.link || '…')) })}
      />
      <ColourSelect value={colour} onChange={setColour} />
      <VisibilitySelect value={visibility} onChange={setVisibility} allowPassword={false} />
      {visibility === 'password' && (
        <TextField label={intl.formatMessage(dialogMessages.password)} type="password" value={password} onValueChange={setPassword} required minLength={8} maxLength={200} autoComplete="new-password" />
      )}
      <DateTimeField kind="date" label={intl.formatMessage(dialogMessages.startDate)} value={startDate} onValueChange={setStartDate} />
    </DialogForm>
  );
}
