import { useIntl } from 'react-intl';
import type { SerializedError } from '@reduxjs/toolkit';
import { errorCodeMessage, errorCodeTitle, errorCodeValues } from '../features/errors/error-codes.messages';
import type { ApiError } from './api';
import { appMessages } from './app.messages';

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number';
}

/** The spec code of an error, or null (network and serialisation errors have none). */
export function errorCodeOf(error: ApiError | SerializedError | undefined): number | string | null {
  return isApiError(error) ? error.intern : null;
}

// Spec section 8: known codes show their own text; 500 and above → generic text; 401 without
// code → access denied; other 4xx → the error's own text, else a base error.
export function useApiErrorText(error: ApiError | SerializedError | undefined): string | null {
  const intl = useIntl();
  if (!error) return null;
  if (!isApiError(error)) return intl.formatMessage(appMessages.serverError);
  const coded = errorCodeMessage(error.intern);
  if (coded) return intl.formatMessage(coded, errorCodeValues(error));
  if (error.status >= 500) return intl.formatMessage(appMessages.serverError);
  if (error.status === 401 && error.intern === null) return intl.formatMessage(appMessages.unauthorised);
  return error.text !== '' ? error.text : intl.formatMessage(appMessages.baseError);
}

/** The own title of the codes that have one (6004, 6020, 6021, the login delay), else null. */
export function useApiErrorTitle(error: ApiError | SerializedError | undefined): string | null {
  const intl = useIntl();
  const title = errorCodeTitle(errorCodeOf(error));
  return title ? intl.formatMessage(title) : null;
}
