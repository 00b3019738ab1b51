import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';

// Labelled select and text area of the project screens; the id ties the label to the control
// (tests and people find them by the label).

export function SelectField({ id, label, value, onValueChange, required, children }: {
  id: string;
  label: string;
  value: string | number;
  onValueChange: (value: string) => void;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} required={required} onChange={(event) => onValueChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

export function TextAreaField({ id, label, value, onValueChange, rows, maxLength, required }: {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  rows: number;
  maxLength?: number;
  required?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={rows} maxLength={maxLength} required={required} value={value} onChange={(event) => onValueChange(event.target.value)} />
    </div>
  );
}

/** A select over a fixed set of choices, after any leading options; any other value becomes `fallback`. */
export function ChoiceSelect<T extends string, F extends string>({ id, label, value, choices, labels, fallback, onChange, children }: {
  id: string;
  label: string;
  value: T | F;
  choices: readonly T[];
  labels: Record<T, MessageDescriptor>;
  fallback: F;
  onChange: (value: T | F) => void;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const labelOf = (choice: T) => {
    const descriptor: MessageDescriptor = labels[choice];
    return intl.formatMessage(descriptor);
  };
  return (
    <SelectField id={id} label={label} value={value} onValueChange={(next) => onChange(choices.find((choice) => choice === next) ?? fallback)}>
      {children}
      {choices.map((choice) => <option key={choice} value={choice}>{labelOf(choice)}</option>)}
    </SelectField>
  );
}
