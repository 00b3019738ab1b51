// The date-time field's props, apart from the lazily loaded picker (no import cycle).
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
