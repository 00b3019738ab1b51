import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  Button, Calendar, CalendarCell, CalendarGrid, DateInput, DatePicker, DateSegment, Dialog, FieldError, Group, Heading,
  I18nProvider, Label, Popover, Text, TimeField,
} from 'react-aria-components';
import { parseDate, parseDateTime, parseTime, type CalendarDate, type CalendarDateTime, type Time } from '@internationalized/date';
import { CalendarDays, ChevronLeft, ChevronRight, Icon, X } from './icons';
import { sharedMessages } from './shared.messages';
import type { DateTimeFieldProps, DateTimeKind } from './date-time-field.types';
import './date-time-picker.css';

// The date and time fields of the console on react-aria-components (issue 14): one segment per
// part, typed or stepped with the arrow keys, in the order and clock of the user's language, and a
// calendar whose week starts on Monday in de, fr and it. Loaded lazily by date-time-field.tsx.

const LOCALES: Record<string, string> = { de: 'de-DE', en: 'en-US', fr: 'fr-FR', it: 'it-IT' };
const MONDAY_FIRST = new Set(['de', 'fr', 'it']);

// The API's texts: "2027-06-01", "09:30", "2027-06-01T09:30" (the value of the former native inputs).
export function parseValue(kind: DateTimeKind, value: string): CalendarDate | CalendarDateTime | Time | null {
  if (value === '') return null;
  try {
    if (kind === 'date') return parseDate(value);
    if (kind === 'time') return parseTime(value);
    return parseDateTime(value);
  } catch {
    return null;
  }
}

export function formatValue(kind: DateTimeKind, value: CalendarDate | CalendarDateTime | Time | null): string {
  if (!value) return '';
  const text = value.toString();
  if (kind === 'time') return text.slice(0, 5);
  if (kind === 'datetime') return text.slice(0, 16);
  return text.slice(0, 10);
}

export function DateTimePicker({ kind, label, value, onValueChange, required, hint }: DateTimeFieldProps) {
  const intl = useIntl();
  const locale = LOCALES[intl.locale] ?? 'de-DE';
  const wrapper = useRef<HTMLDivElement>(null);
  // A native modal <dialog> makes everything outside it inert: the calendar opens inside it.
  const [container, setContainer] = useState<Element | undefined>(undefined);
  useEffect(() => setContainer(wrapper.current?.closest('dialog') ?? undefined), []);
  const parsed = parseValue(kind, value);

  const description = hint ? <Text slot="description" className="hint">{hint}</Text> : null;
  const segments = (
    <DateInput className="date-field__input">
      {(segment) => <DateSegment segment={segment} className="date-field__segment" />}
    </DateInput>
  );

  return (
    <I18nProvider locale={locale}>
      <div className="field date-field" ref={wrapper}>
        {kind === 'time' ? (
          <TimeField
            value={parsed as Time | null}
            onChange={(next) => onValueChange(formatValue(kind, next))}
            isRequired={required}
            validationBehavior="native"
            shouldForceLeadingZeros
            hourCycle={locale === 'en-US' ? 12 : 24}
            className="date-field__root"
          >
            <Label>{label}</Label>
            <div className="date-field__group">{segments}</div>
            {description}
            <FieldError className="field__problem" />
          </TimeField>
        ) : (
          <DatePicker
            value={parsed as CalendarDate | CalendarDateTime | null}
            onChange={(next) => onValueChange(formatValue(kind, next))}
            granularity={kind === 'datetime' ? 'minute' : 'day'}
            hourCycle={locale === 'en-US' ? 12 : 24}
            isRequired={required}
            validationBehavior="native"
            shouldForceLeadingZeros
            className="date-field__root"
          >
            <Label>{label}</Label>
            <Group className="date-field__group">
              {segments}
              <Button className="icon-button date-field__button"><Icon of={CalendarDays} /></Button>
            </Group>
            {description}
            <FieldError className="field__problem" />
            <Popover className="date-field__popover" UNSTABLE_portalContainer={container}>
              <Dialog className="date-field__dialog">
                <Calendar firstDayOfWeek={MONDAY_FIRST.has(intl.locale) ? 'mon' : undefined}>
                  <header className="calendar__head">
                    <Button slot="previous" className="icon-button"><Icon of={ChevronLeft} /></Button>
                    <Heading className="calendar__title" />
                    <Button slot="next" className="icon-button"><Icon of={ChevronRight} /></Button>
                  </header>
                  <CalendarGrid className="calendar__grid">
                    {(date) => <CalendarCell date={date} className="calendar__cell" />}
                  </CalendarGrid>
                </Calendar>
              </Dialog>
            </Popover>
          </DatePicker>
        )}
        {value !== '' && (
          // Segments only report a value when complete, so emptying a whole field gets its own button.
          <button type="button" className="link-button link-button--plain date-field__clear" onClick={() => onValueChange('')}>
            <Icon of={X} /> {intl.formatMessage(sharedMessages.dateClear, { label })}
          </button>
        )}
      </div>
    </I18nProvider>
  );
}
