import { lazy, Suspense } from 'react';
import type { DateTimeFieldProps } from './date-time-field.types';

export type { DateTimeFieldProps, DateTimeKind } from './date-time-field.types';

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
