import { useIntl } from 'react-intl';
import { COLOUR_IDS } from '@planwerk/events/constants';
import { ChoiceSelect, SelectField } from '../../../shared/form-fields';
import { colourMessages, colourName } from '../../../shared/colour-messages';
import { CREATE_VISIBILITIES, PROJECT_VISIBILITIES, type ProjectVisibility } from '../projects.api';
import { dialogMessages, visibilityMessages } from './project-dialogs.messages';

export function ColourSelect({ value, onChange }: { value: number; onChange: (colour: number) => void }) {
  const intl = useIntl();
  return (
    <SelectField id="project-colour" label={intl.formatMessage(dialogMessages.colour)} value={value} onValueChange={(colour) => onChange(Number(colour))}>
      {COLOUR_IDS.map((id) => <option key={id} value={id}>{intl.formatMessage(colourMessages[colourName(id)])}</option>)}
    </SelectField>
  );
}

/** Creating offers the password last; the settings offer every visibility. */
export function VisibilitySelect({ value, onChange, allowPassword }: { value: ProjectVisibility; onChange: (value: ProjectVisibility) => void; allowPassword: boolean }) {
  const intl = useIntl();
  const options = allowPassword ? PROJECT_VISIBILITIES : [...CREATE_VISIBILITIES, 'password' as const];
  return (
    <ChoiceSelect id="project-visibility" label={intl.formatMessage(dialogMessages.visibility)} value={value} choices={options} labels={visibilityMessages} fallback="public" onChange={onChange} />
  );
}
