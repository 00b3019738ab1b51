import { useIntl } from 'react-intl';
import { Checkbox, TextField } from '../../../shared/form';
import { SelectField } from '../../../shared/form-fields';
import type { FieldDefinition, PresetList } from '../projects.api';
import { editorDialogMessages as messages } from './editor-dialogs.messages';
import { definitionOf, draftOf, NEW_FIELD, type FieldDraft } from './field-draft';
import { FieldKindSelect } from './field-kind-select';

/** Saving a field as a preset column: the call and its state, owned by the list dialog. */
export interface ColumnSaving {
  save: (field: FieldDefinition) => void;
  isLoading: boolean;
  isSuccess: boolean;
}

/** The fields of a list's sign-up: add, change, remove, take from or save as a preset column. */
export function ListFields({ fields, onChange, columns, column }: {
  fields: FieldDraft[];
  onChange: (fields: FieldDraft[]) => void;
  columns: PresetList['columns'] | undefined;
  column: ColumnSaving;
}) {
  const intl = useIntl();
  return (
    <fieldset className="fieldset">
      <legend>{intl.formatMessage(messages.fields)}</legend>
      {fields.map((field, index) => (
        <FieldCard
          key={field.fieldId ?? `new-${index}`}
          field={field}
          index={index}
          column={column}
          onChange={(change) => onChange(fields.map((candidate, i) => (i === index ? { ...candidate, ...change } : candidate)))}
          onRemove={() => onChange(fields.filter((_, i) => i !== index))}
        />
      ))}
      <div className="field-row">
        <button type="button" className="button" onClick={() => onChange([...fields, { ...NEW_FIELD }])}>
          {intl.formatMessage(messages.fieldAdd)}
        </button>
        {columns && columns.length > 0 && (
          <SelectField
            id="list-from-column"
            label={intl.formatMessage(messages.fromColumn)}
            value=""
            onValueChange={(columnId) => {
              const chosen = columns.find((candidate) => candidate.columnId === columnId);
              if (chosen) onChange([...fields, draftOf(chosen.field)]);
            }}
          >
            <option value="">–</option>
            {columns.map((candidate) => <option key={candidate.columnId} value={candidate.columnId}>{candidate.field.label}</option>)}
          </SelectField>
        )}
      </div>
      {column.isSuccess && <p className="hint" role="status">{intl.formatMessage(messages.columnSaved)}</p>}
    </fieldset>
  );
}

function FieldCard({ field, index, column, onChange, onRemove }: {
  field: FieldDraft;
  index: number;
  column: ColumnSaving;
  onChange: (change: Partial<FieldDraft>) => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  const number = index + 1;
  return (
    <div className="field-card" data-testid="list-field">
      <div className="field-row">
        <FieldKindSelect
          id={`field-kind-${index}`}
          label={intl.formatMessage(messages.fieldKind, { index: number })}
          value={field.kind}
          onChange={(kind) => onChange({ kind })}
        />
        <TextField label={intl.formatMessage(messages.fieldLabel, { index: number })} value={field.label} onValueChange={(label) => onChange({ label })} required maxLength={120} />
      </div>
      {field.kind === 'selection' && (
        <TextField label={intl.formatMessage(messages.fieldOptions)} value={field.options} onValueChange={(options) => onChange({ options })} required />
      )}
      {field.kind === 'scale' && (
        <div className="field-row">
          <TextField label={intl.formatMessage(messages.scaleMin)} type="number" value={field.scaleMin} onValueChange={(scaleMin) => onChange({ scaleMin })} required />
          <TextField label={intl.formatMessage(messages.scaleMax)} type="number" value={field.scaleMax} onValueChange={(scaleMax) => onChange({ scaleMax })} required />
        </div>
      )}
      <div className="field-row">
        <Checkbox label={intl.formatMessage(messages.fieldRequired)} checked={field.required} onChange={(required) => onChange({ required })} />
        <button type="button" className="link-button" onClick={onRemove}>
          {intl.formatMessage(messages.fieldRemove, { index: number })}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={field.label.trim() === '' || column.isLoading}
          onClick={() => column.save((({ fieldId: _omit, ...rest }) => rest)(definitionOf(field)))}
        >
          {intl.formatMessage(messages.fieldSaveColumn)}
        </button>
      </div>
    </div>
  );
}
