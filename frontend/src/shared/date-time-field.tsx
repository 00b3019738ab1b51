import { lazy, Suspense } from 'react';

export type DateTimeKind = 'date' | 'time' | 'datetime';

export interface DateTimeFieldProps {
  kind: DateTimeKind;
  label: string;
  /** As the API takes it: "2027-06-01", "09:30" or "2027-06-01T09:30" (local); "" when empty. */
  value: string;
  onValueChange: (value: string) => void;
  required?: boolean;
  hint?: string;
}

// The picker (react-aria-components) is its own chunk: screens without a date field, and the first
// view, do not download it (initial size goal, issue 14). Until it is there the field keeps its place.
const Picker = lazy(() => import('./date-time-picker').then((module) => ({ default: module.DateTimePicker })));

export function DateTimeField(props: DateTimeFieldProps) {
  return (
    <Suspense fallback={<FieldPlaceholder label={props.label} />}>
      <Picker {...props} />
    </Suspense>
  );
}

function FieldPlaceholder({ label }: { label: string }) {
  return (
    <div className="field date-field" aria-busy="true">
      <span>{label}</span>
      <span className="skeleton skeleton--input" />
    </div>
  );
}
