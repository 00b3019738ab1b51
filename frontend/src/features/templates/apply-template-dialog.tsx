import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ProjectTemplate } from '@planwerk/events/templates';
import { useAppDispatch } from '../../app/hooks';
import { popupShown } from '../../app/ui.slice';
import { DialogForm } from '../../shared/dialog-form';
import { Checkbox, TextField } from '../../shared/form';
import { ProjectErrorAlert } from '../../shared/project-errors';
import { slugOf } from '../../shared/slug';
import { projectPaths } from '../projects';
import { useApplyTemplateMutation } from './templates.api';
import { templateLocaleOf, utcOffsetAt } from './template-locale';
import { templateMessages as messages } from './templates.messages';

export interface AppliedTemplate {
  projectId: string;
  link: string;
}

const suffix = (): string => Math.random().toString(36).slice(2, 6);
const inAWeek = (): string => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** Name, link, day and start of a project from a template; `owner` may release it at once. */
export function ApplyTemplateDialog({ teamId, ccLink, template, owner, activateByDefault = false, onApplied, onClose }: {
  teamId: string;
  ccLink: string;
  template: ProjectTemplate;
  owner: boolean;
  activateByDefault?: boolean;
  onApplied: (project: AppliedTemplate) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const locale = templateLocaleOf(intl.locale);
  const [name, setName] = useState(template.name[locale]);
  // Project links are global: the proposal gets a short random tail so it is rarely taken.
  const [tail] = useState(suffix);
  const [link, setLink] = useState<string | null>(null);
  const [date, setDate] = useState(inAWeek);
  const [time, setTime] = useState(template.defaultStartTime);
  const [activate, setActivate] = useState(owner && activateByDefault);
  const [apply, { isLoading, error }] = useApplyTemplateMutation();
  const shownLink = link ?? `${slugOf(name).slice(0, 50)}-${tail}`;

  async function submit() {
    const startTime = template.timed ? time : template.defaultStartTime;
    const result = await apply({
      teamId, templateId: template.id,
      body: { name: name.trim(), link: shownLink, startDate: date, startTime, locale, utcOffset: utcOffsetAt(date, startTime), activate: owner && activate },
    });
    if (!result.data) return;
    dispatch(popupShown({ message: messages.created, tone: 'success' }));
    onApplied({ projectId: result.data.projectId, link: result.data.link });
  }

  return (
    <DialogForm
      title={intl.formatMessage(messages.applyTitle, { name: template.name[locale] })}
      onClose={onClose}
      error={undefined}
      submitLabel={messages.submit}
      submitDisabled={isLoading}
      onSubmit={submit}
    >
      <TextField label={intl.formatMessage(messages.name)} value={name} onValueChange={setName} required maxLength={120} autoFocus />
      <TextField
        label={intl.formatMessage(messages.link)} value={shownLink} onValueChange={(value) => setLink(value.toLowerCase())}
        required minLength={2} maxLength={60} hint={intl.formatMessage(messages.linkHint)}
      />
      <TextField label={intl.formatMessage(messages.date)} type="date" value={date} onValueChange={setDate} required />
      {template.timed && (
        <TextField label={intl.formatMessage(messages.startTime)} type="time" value={time} onValueChange={setTime} required hint={intl.formatMessage(messages.startHint)} />
      )}
      {owner && <Checkbox label={intl.formatMessage(messages.activate)} checked={activate} onChange={setActivate} />}
      <ProjectErrorAlert error={error} changeStatusHref={projectPaths.manageProjects.href(ccLink)} />
    </DialogForm>
  );
}
