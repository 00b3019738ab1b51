import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from '../app/api';
import { useApiErrorText, useApiErrorTitle } from '../app/api-error';

// Labelled form controls shared by the screens: tests and people find them by their label.
interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  problem?: string | null;
}

export function TextField({ label, value, onValueChange, hint, problem, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = useId();
  const problemId = useId();
  const describedBy = [hint ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        className="input"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {hint && <small id={hintId} className="hint">{hint}</small>}
      {problem && <small id={problemId} className="field__problem">{problem}</small>}
    </div>
  );
}

export function Checkbox({ label, checked, onChange }: { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The error of a call with the spec's text (section 8) and, where a code has one, its title. */
export function ApiErrorAlert({ error, children }: { error: ApiError | SerializedError | undefined; children?: ReactNode }) {
  const text = useApiErrorText(error);
  const title = useApiErrorTitle(error);
  if (!text) return null;
  return (
    <div className="alert alert--danger" role="alert">
      {title && <strong className="alert__title">{title}</strong>}
      <p className="alert__text">{text}</p>
      {children}
    </div>
  );
}
