import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import { DialogForm } from '../../../shared/dialog-form';
import { useCopyProjectMutation } from '../projects.api';
import { NameAndLinkFields, useNameAndLink } from './name-and-link-fields';
import { dialogMessages } from './project-dialogs.messages';
import { DateTimeField } from '../../../shared/date-time-field';

/** A copy of the project, or (asPreset) a new preset made from it. */
export function CopyProjectDialog({ teamId, project, asPreset, onClose, onCopied }: {
  teamId: string;
  project: { projectId: string; name: string };
  asPreset: boolean;
  onClose: () => void;
  onCopied: (projectId: string) => void;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const copyName = useNameAndLink(asPreset ? project.name : intl.formatMessage(dialogMessages.copyOf, { name: project.name }));
  const [startDate, setStartDate] = useState('');
  const [copy, { isLoading, error }] = useCopyProjectMutation();

  async function submit() {
    const result = await copy({
      teamId, projectId: project.projectId,
      body: { name: copyName.name.trim(), link: copyName.link, asPreset, ...(startDate !== '' ? { startDate } : {}) },
    });
    if (!result.data) return;
    dispatch(popupShown({ message: dialogMessages.copied, tone: 'success' }));
    onCopied(result.data.projectId);
  }

  return (
    <DialogForm
      title={intl.formatMessage(asPreset ? dialogMessages.presetTitle : dialogMessages.copyTitle)}
      onClose={onClose}
      error={error}
      submitLabel={asPreset ? dialogMessages.presetSubmit : dialogMessages.copySubmit}
      submitDisabled={isLoading}
      onSubmit={submit}
    >
      <NameAndLinkFields nameLabel={intl.formatMessage(dialogMessages.name)} linkLabel={intl.formatMessage(dialogMessages.link)} value={copyName} />
      <DateTimeField kind="date" label={intl.formatMessage(dialogMessages.startDate)} value={startDate} onValueChange={setStartDate} />
    </DialogForm>
  );
}
