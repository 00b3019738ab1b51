import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { COUNTRIES, type VoteKind } from '@planwerk/events/constants';
import type { ItemVote, ListField } from '../projects';
import type { SignupValues } from './signups.api';
import { untyped } from '../../shared/untyped-messages';

// Inputs for the 14 field kinds of spec section 3 and the vote kinds.
export const fieldMessages = untyped(defineMessages({
  required: { id: 'signups.field.required', defaultMessage: '(Pflichtfeld)', description: 'Marks a required field' },
  none: { id: 'signups.field.none', defaultMessage: 'Bitte wählen', description: 'Empty choice of a selection' },
  yes: { id: 'signups.vote.yes', defaultMessage: 'Ja', description: 'Vote yes' },
  no: { id: 'signups.vote.no', defaultMessage: 'Nein', description: 'Vote no' },
  neutral: { id: 'signups.vote.neutral', defaultMessage: 'Vielleicht', description: 'Vote neutral' },
  like: { id: 'signups.vote.like', defaultMessage: 'Gefällt mir', description: 'Vote like' },
  dislike: { id: 'signups.vote.dislike', defaultMessage: 'Gefällt mir nicht', description: 'Vote dislike' },
  vote: { id: 'signups.vote.label', defaultMessage: 'Deine Stimme', description: 'Label of the vote choice' },
  pictureHint: { id: 'signups.field.pictureHint', defaultMessage: 'Adresse eines Bildes (https://…)', description: 'Hint of the profile picture field' },
}));

const VOTE_ANSWERS: Record<Exclude<VoteKind, 'poll'>, readonly ('yes' | 'no' | 'neutral' | 'like' | 'dislike')[]> = {
  yes_no_neutral: ['yes', 'no', 'neutral'],
  yes_no: ['yes', 'no'],
  like_dislike: ['like', 'dislike'],
};

export function voteAnswers(vote: ItemVote): { value: string; label: string | null }[] {
  if (vote.kind === 'poll') return (vote.options ?? []).map((option) => ({ value: option, label: option }));
  return VOTE_ANSWERS[vote.kind].map((answer) => ({ value: answer, label: null }));
}

export function VoteLabel({ value }: { value: string }) {
  const intl = useIntl();
  const known = value === 'yes' || value === 'no' || value === 'neutral' || value === 'like' || value === 'dislike';
  return <>{known ? intl.formatMessage(fieldMessages[value]) : value}</>;
}

export function VoteInput({ vote, value, onChange }: { vote: ItemVote; value: string | null; onChange: (value: string) => void }) {
  const intl = useIntl();
  const name = useId();
  return (
    <fieldset className="radio-row">
      <legend>{intl.formatMessage(fieldMessages.vote)}</legend>
      {voteAnswers(vote).map((answer) => (
        <label key={answer.value}>
          <input type="radio" name={name} value={answer.value} checked={value === answer.value} required onChange={() => onChange(answer.value)} />
          {answer.label ?? <VoteLabel value={answer.value} />}
        </label>
      ))}
    </fieldset>
  );
}

const TEXT_TYPES: Partial<Record<ListField['kind'], string>> = { phone: 'tel', date: 'date', time: 'time', profile_picture: 'url' };

/** One list field as a labelled control; values are shaped as the decider expects. */
export function FieldInput({ field, values, onChange }: { field: ListField; values: SignupValues; onChange: (values: SignupValues) => void }) {
  const intl = useIntl();
  const id = useId();
  const value = values[field.fieldId];
  const set = (next: string | number | boolean | null) => onChange({ ...values, [field.fieldId]: next });
  const label = (
    <label htmlFor={id}>
      {field.label}
      {field.required && <span className="hint"> {intl.formatMessage(fieldMessages.required)}</span>}
    </label>
  );
  switch (field.kind) {
    case 'checkbox':
      return (
        <div className="check">
          <input id={id} type="checkbox" checked={value === true} required={field.required} onChange={(event) => set(event.target.checked)} />
          {label}
        </div>
      );
    case 'textblock':
    case 'address':
      return (
        <div className="field">
          {label}
          <textarea id={id} rows={3} required={field.required} value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.target.value)} />
        </div>
      );
    case 'number':
    case 'scale':
      return (
        <div className="field">
          {label}
          <input
            id={id}
            className="input"
            type="number"
            required={field.required}
            step={field.kind === 'scale' ? 1 : 'any'}
            min={field.scale?.min}
            max={field.scale?.max}
            value={typeof value === 'number' ? value : ''}
            onChange={(event) => set(event.target.value === '' ? null : Number(event.target.value))}
          />
        </div>
      );
    case 'selection':
      return (
        <div className="field">
          {label}
          <select id={id} className="input" required={field.required} value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.target.value === '' ? null : event.target.value)}>
            <option value="">{intl.formatMessage(fieldMessages.none)}</option>
            {(field.options ?? []).map((option) => <option key={option} value={option}>{option}</option>)}
          </select>
        </div>
      );
    case 'country':
      return (
        <div className="field">
          {label}
          <select id={id} className="input" required={field.required} value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.target.value === '' ? null : event.target.value)}>
            <option value="">{intl.formatMessage(fieldMessages.none)}</option>
            {COUNTRIES.map((country) => <option key={country} value={country}>{intl.formatDisplayName(country.toUpperCase(), { type: 'region' }) ?? country}</option>)}
          </select>
        </div>
      );
    default:
      return (
        <div className="field">
          {label}
          <input
            id={id}
            className="input"
            type={TEXT_TYPES[field.kind] ?? 'text'}
            required={field.required}
            maxLength={field.kind === 'text' || field.kind === 'city' || field.kind === 'street' ? 500 : undefined}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => set(event.target.value === '' ? null : event.target.value)}
          />
          {field.kind === 'profile_picture' && <small className="hint">{intl.formatMessage(fieldMessages.pictureHint)}</small>}
        </div>
      );
  }
}

/** Values without empty entries (an unset optional field is simply left out). */
export function cleanValues(values: SignupValues): SignupValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== ''));
}

/** A stored value as text for tables. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? '✓' : '–';
  return String(value);
}
