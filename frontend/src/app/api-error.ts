import { useIntl } from 'react-intl';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from './api';
import { appMessages } from './app.messages';

function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number';
}

// Spec section 8: 500 and above → generic text; 401 without code → access denied;
// other 4xx → the error's own text, else a base error.
export function useApiErrorText(error: ApiError | SerializedError | undefined): string | null {
  const intl = useIntl();
  if (!error) return null;
  if (!isApiError(error) || error.status >= 500) return intl.formatMessage(appMessages.serverError);
  if (error.status === 401 && error.intern === null) return intl.formatMessage(appMessages.unauthorised);
  return error.text !== '' ? error.text : intl.formatMessage(appMessages.baseError);
}
