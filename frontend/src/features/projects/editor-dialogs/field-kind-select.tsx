import { FIELD_KINDS, type FieldKind } from '@planwerk/events/constants';
import { ChoiceSelect } from '../../../shared/form-fields';
import { fieldKindMessages } from './editor-dialogs.messages';

/** The kind of a list field or a preset column. */
export function FieldKindSelect({ id, label, value, onChange }: { id: string; label: string; value: FieldKind; onChange: (kind: FieldKind) => void }) {
  return <ChoiceSelect id={id} label={label} value={value} choices={FIELD_KINDS} labels={fieldKindMessages} fallback="text" onChange={onChange} />;
}
