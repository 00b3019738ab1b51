import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { DialogForm } from '../../shared/dialog-form';
import { NameAndLinkFields, useNameAndLink, projectPaths, useCreateFromPresetMutation, type ProjectOverviewEntry } from '../projects';
import { presetMessages as messages } from './presets.messages';
import { DateTimeField } from '../../shared/date-time-field';

/** A new project from the preset; every date moves with the start date. */
export function CreateFromPresetDialog({ teamId, ccLink, preset, onClose }: { teamId: string; ccLink: string; preset: ProjectOverviewEntry; onClose: () => void }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const project = useNameAndLink(preset.name);
  const [startDate, setStartDate] = useState(preset.startDate ?? new Date().toISOString().slice(0, 10));
  const [create, { isLoading, error }] = useCreateFromPresetMutation();

  async function submit() {
    const result = await create({ teamId, presetId: preset.projectId, body: { name: project.name.trim(), link: project.link, startDate } });
    if (!result.data) return;
    dispatch(popupShown({ message: messages.created, tone: 'success' }));
    onClose();
    void navigate(projectPaths.manageProject.href(ccLink, result.data.projectId));
  }

  return (
    <DialogForm title={intl.formatMessage(messages.createTitle, { name: preset.name })} onClose={onClose} error={error} submitLabel={messages.submit} submitDisabled={isLoading} onSubmit={submit}>
      <NameAndLinkFields nameLabel={intl.formatMessage(messages.name)} linkLabel={intl.formatMessage(messages.link)} value={project} />
      <DateTimeField
        kind="date"
        label={intl.formatMessage(messages.startDate)}
        value={startDate}
        onValueChange={setStartDate}
        required
        hint={preset.startDate ? intl.formatMessage(messages.startHint, { date: intl.formatDate(`${preset.startDate}T12:00:00`) }) : undefined}
      />
    </DialogForm>
  );
}
