import { COUNTRIES, DomainError, SIGNUP_NAME_MAX, type ItemVote, type ListField, type SignupValue, type SignupValues } from '@planwerk/events';

// Input rules of a sign-up (spec sections 3 and 5): field values by field kind, required
// fields, the name and the vote answer by vote kind. Pure; used by the decider.

const TEXT_MAX: Partial<Record<ListField['kind'], number>> = { textblock: 5000, address: 500 };
const SHORT_TEXT_MAX = 200;
const PHONE = /^\+?[0-9 ()/.-]{3,40}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRIES);

function invalid(fieldId: string): DomainError {
  return new DomainError('validation_failed', { field: `values.${fieldId}` });
}

function isEmpty(value: SignupValue | undefined): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isHttpsUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The value as stored, or throws validation_failed naming `values.<fieldId>`. */
function checkValue(field: ListField, value: SignupValue): SignupValue {
  const text = (max: number): string => {
    if (typeof value !== 'string' || value.trim().length > max) throw invalid(field.fieldId);
    return value.trim();
  };
  switch (field.kind) {
    case 'text':
    case 'city':
    case 'street':
      return text(SHORT_TEXT_MAX);
    case 'textblock':
    case 'address':
      return text(TEXT_MAX[field.kind] ?? SHORT_TEXT_MAX);
    case 'phone': {
      const phone = text(40);
      if (!PHONE.test(phone)) throw invalid(field.fieldId);
      return phone;
    }
    case 'country': {
      const country = text(2).toLowerCase();
      if (!COUNTRY_CODES.has(country)) throw invalid(field.fieldId);
      return country;
    }
    case 'profile_picture': {
      const url = text(2048);
      if (!isHttpsUrl(url)) throw invalid(field.fieldId);
      return url;
    }
    case 'date': {
      const date = text(10);
      if (!isDate(date)) throw invalid(field.fieldId);
      return date;
    }
    case 'time': {
      const time = text(5);
      if (!TIME.test(time)) throw invalid(field.fieldId);
      return time;
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(field.fieldId);
      return value;
    case 'checkbox':
      if (typeof value !== 'boolean') throw invalid(field.fieldId);
      return value;
    case 'scale': {
      const scale = field.scale;
      if (typeof value !== 'number' || !Number.isInteger(value) || !scale || value < scale.min || value > scale.max) throw invalid(field.fieldId);
      return value;
    }
    case 'selection': {
      const options = field.options ?? [];
      // One option, or several for a multiple choice; each must be one of the field's options.
      const chosen = Array.isArray(value) ? value : [value];
      if (chosen.some((c) => typeof c !== 'string' || !options.includes(c))) throw invalid(field.fieldId);
      if (new Set(chosen).size !== chosen.length) throw invalid(field.fieldId);
      return value;
    }
    default:
      return assertNever(field.kind);
  }
}

/**
 * The values to store: every key must be a field of the list (else "field not supported",
 * the client is older than the list), each value must fit its kind, and every required field
 * must be filled (a required checkbox must be ticked). Empty optional values are dropped.
 */
export function checkValues(fields: readonly ListField[], values: SignupValues): SignupValues {
  const byId = new Map(fields.map((f) => [f.fieldId, f]));
  const stored: SignupValues = {};
  for (const [fieldId, value] of Object.entries(values)) {
    const field = byId.get(fieldId);
    if (!field) throw new DomainError('signup_field_unsupported', { field: `values.${fieldId}` });
    if (isEmpty(value)) continue;
    stored[fieldId] = checkValue(field, value);
  }
  for (const field of fields) {
    if (!field.required) continue;
    const value = stored[field.fieldId];
    if (isEmpty(value) || value === false) throw new DomainError('signup_required_missing', { field: `values.${field.fieldId}` });
  }
  return stored;
}

/** A trimmed name, null for none; longer than SIGNUP_NAME_MAX → "name too long". */
export function checkName(name: string | null | undefined): string | null {
  if (name === null || name === undefined) return null;
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return null;
  if (trimmed.length > SIGNUP_NAME_MAX) throw new DomainError('signup_name_too_long', { field: 'name' });
  return trimmed;
}

const VOTE_ANSWERS: Record<Exclude<ItemVote['kind'], 'poll'>, readonly string[]> = {
  yes_no_neutral: ['yes', 'no', 'neutral'],
  yes_no: ['yes', 'no'],
  like_dislike: ['like', 'dislike'],
};

/** The vote answer for an item: required on a vote item, one of its kind's answers; none otherwise. */
export function checkVote(vote: ItemVote | null, answer: string | null): string | null {
  if (vote === null) {
    if (answer !== null) throw new DomainError('validation_failed', { field: 'vote' });
    return null;
  }
  if (answer === null) throw new DomainError('validation_failed', { field: 'vote' });
  const allowed = vote.kind === 'poll' ? (vote.options ?? []) : VOTE_ANSWERS[vote.kind];
  if (!allowed.includes(answer)) throw new DomainError('validation_failed', { field: 'vote' });
  return answer;
}

function assertNever(value: never): never {
  throw new Error(`Unexpected field kind ${JSON.stringify(value)}`);
}
