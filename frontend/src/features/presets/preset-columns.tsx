import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { FieldKind } from '@planwerk/events/constants';
import { Checkbox, TextField } from '../../shared/form';
import { Icon, X } from '../../shared/icons';
import { fieldKindMessages, FieldKindSelect, useRemovePresetColumnMutation, useSavePresetColumnMutation, type PresetList } from '../projects';
import { ProjectErrorAlert } from '../../shared/project-errors';
import { presetMessages as messages } from './presets.messages';

/** The team's saved preset columns: fields the list dialog adds with one click. */
export function PresetColumns({ teamId, columns }: { teamId: string; columns: PresetList['columns'] }) {
  const intl = useIntl();
  const [kind, setKind] = useState<FieldKind>('text');
  const [label, setLabel] = useState('');
  const [required, setRequired] = useState(false);
  const [options, setOptions] = useState('');
  const [save, saveState] = useSavePresetColumnMutation();
  const [remove, removeState] = useRemovePresetColumnMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await save({
      teamId,
      field: {
        kind, label: label.trim(), required,
        ...(kind === 'selection' ? { options: options.split(',').map((option) => option.trim()).filter(Boolean) } : {}),
        ...(kind === 'scale' ? { scale: { min: 1, max: 5 } } : {}),
      },
    });
    if (result.data) {
      setLabel('');
      setOptions('');
    }
  }

  return (
    <section className="card" aria-labelledby="preset-columns">
      <h2 id="preset-columns">{intl.formatMessage(messages.columns)}</h2>
      <p className="hint">{intl.formatMessage(messages.columnsIntro)}</p>
      {columns.length > 0 && (
        <table className="table" aria-label={intl.formatMessage(messages.columnsTable)}>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(messages.columnLabel)}</th>
              <th scope="col">{intl.formatMessage(messages.columnKind)}</th>
              <th scope="col">{intl.formatMessage(messages.columnRequired)}</th>
              <th scope="col"><span className="visually-hidden">{intl.formatMessage(messages.remove)}</span></th>
            </tr>
          </thead>
          <tbody>
            {columns.map((column) => (
              <tr key={column.columnId}>
                <td>{column.field.label}{column.field.options ? <small className="hint"> ({column.field.options.join(', ')})</small> : null}</td>
                <td>{intl.formatMessage(fieldKindMessages[column.field.kind])}</td>
                <td>{intl.formatMessage(column.field.required ? messages.yes : messages.no)}</td>
                <td>
                  <button type="button" className="icon-button" aria-label={intl.formatMessage(messages.columnRemove, { name: column.field.label })} onClick={() => void remove({ teamId, columnId: column.columnId })}><Icon of={X} /></button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="form toolbar" onSubmit={(event) => void submit(event)}>
        <FieldKindSelect id="column-kind" label={intl.formatMessage(messages.columnKind)} value={kind} onChange={setKind} />
        <TextField label={intl.formatMessage(messages.columnLabel)} value={label} onValueChange={setLabel} required maxLength={120} />
        {kind === 'selection' && <TextField label={intl.formatMessage(messages.columnOptions)} value={options} onValueChange={setOptions} required />}
        <Checkbox label={intl.formatMessage(messages.columnRequired)} checked={required} onChange={setRequired} />
        <button type="submit" className="button" disabled={saveState.isLoading}>{intl.formatMessage(messages.columnAdd)}</button>
      </form>
      <ProjectErrorAlert error={saveState.error ?? removeState.error} />
    </section>
  );
}
