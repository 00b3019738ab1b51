import { useId, useState, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from '../../app/api';
import { isApiError } from '../../app/api-error';
import { DateTimeField } from '../../shared/date-time-field';
import { TextField } from '../../shared/form';
import { OPEN_STATUSES, type FeeCategoryView, type OpenStatus } from './members.api';
import { formatFee, MEMBER_STATUS_LABEL, memberFieldMessages, memberMessages } from './members.messages';

// The membership's own fields, shared by "Neues Mitglied" and the membership's form: number,
// entry date, fee category and status, with the client's checks and the server's refusal at
// the field it names ("details.email" → email).

export interface MembershipDraft {
  memberNumber: string;
  entryDate: string;
  feeCategoryId: string;
  status: OpenStatus;
}
export type MembershipField = keyof MembershipDraft;

const MAX_NUMBER = 999_999_999;

/** The number as the API takes it, undefined when empty, null when it is no valid number. */
export function parseMemberNumber(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return number >= 1 && number <= MAX_NUMBER ? number : null;
}

export function membershipProblems(draft: MembershipDraft): Partial<Record<MembershipField, 'numberInvalid' | 'dateRequired'>> {
  return {
    ...(parseMemberNumber(draft.memberNumber) === null ? { memberNumber: 'numberInvalid' as const } : {}),
    ...(draft.entryDate === '' ? { entryDate: 'dateRequired' as const } : {}),
  };
}

/** The field an error of the server names, without a "details." prefix. */
export function fieldOf(error: ApiError | SerializedError | undefined): string | null {
  if (!isApiError(error) || !error.field) return null;
  return error.field.replace(/^details\./, '');
}

/**
 * The server's refusal stays at its field until that field changes: `field` is the named field
 * while it stands, `clear(f)` takes it away when f changes.
 */
export function useServerField(error: ApiError | SerializedError | undefined): { field: string | null; clear: (field: string) => void } {
  const [answered, setAnswered] = useState<{ error: typeof error; field: string | null } | null>(null);
  if (error !== answered?.error) setAnswered({ error, field: fieldOf(error) });
  const field = answered !== null && answered.error === error ? answered.field : null;
  return { field, clear: (changed) => { if (changed === field) setAnswered({ error, field: null }); } };
}

/** The words of a server refusal at a field: a taken number in its own words, else "check this". */
export function serverProblemText(intl: IntlShape, error: ApiError | SerializedError | undefined): string {
  if (isApiError(error) && error.intern === 'member_number_taken') return intl.formatMessage(memberMessages.numberTaken);
  return intl.formatMessage(memberMessages.invalid);
}

export function MembershipFields({ draft, onChange, categories, nextNumber, problemOf, withStatus = true }: {
  draft: MembershipDraft;
  onChange: (field: MembershipField, value: string) => void;
  categories: readonly FeeCategoryView[];
  /** The next free number, as the hint of an empty number field (absent on a change). */
  nextNumber?: number;
  problemOf: (field: MembershipField) => string | null;
  /** Off for a member who left: that status is not chosen here. */
  withStatus?: boolean;
}) {
  const intl = useIntl();
  const id = useId();
  const entryProblem = problemOf('entryDate');
  return (
    <>
      <TextField
        label={intl.formatMessage(memberFieldMessages.memberNumber)}
        value={draft.memberNumber}
        onValueChange={(value) => onChange('memberNumber', value)}
        inputMode="numeric"
        maxLength={9}
        autoComplete="off"
        hint={nextNumber !== undefined ? intl.formatMessage(memberMessages.numberHint, { number: String(nextNumber) }) : undefined}
        problem={problemOf('memberNumber')}
      />
      <div className="member-form__date">
        <DateTimeField kind="date" required label={intl.formatMessage(memberFieldMessages.entryDate)} value={draft.entryDate} onValueChange={(value) => onChange('entryDate', value)} />
        {entryProblem && <small className="field__problem">{entryProblem}</small>}
      </div>
      <Select id={`${id}-fee`} label={intl.formatMessage(memberFieldMessages.feeCategory)} value={draft.feeCategoryId} problem={problemOf('feeCategoryId')} onValueChange={(value) => onChange('feeCategoryId', value)}>
        <option value="">{intl.formatMessage(memberMessages.noCategory)}</option>
        {categories.map((category) => (
          <option key={category.categoryId} value={category.categoryId}>{`${category.name} (${formatFee(intl, category.fee, category.interval)})`}</option>
        ))}
      </Select>
      {withStatus && (
      <Select id={`${id}-status`} label={intl.formatMessage(memberFieldMessages.status)} value={draft.status} problem={problemOf('status')} onValueChange={(value) => onChange('status', value)}>
        {OPEN_STATUSES.map((status) => <option key={status} value={status}>{intl.formatMessage(MEMBER_STATUS_LABEL[status])}</option>)}
      </Select>
      )}
    </>
  );
}


export function Select({ id, label, value, problem, onValueChange, children }: {
  id: string;
  label: string;
  value: string;
  problem: string | null;
  onValueChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} onChange={(event) => onValueChange(event.target.value)}>
        {children}
      </select>
      {problem && <small id={`${id}-problem`} className="field__problem">{problem}</small>}
    </div>
  );
}

/** Today in the browser's calendar, as the API writes days. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
