import { HttpException, Logger } from '@nestjs/common';
import {
  AppendPayloadMismatch,
  DomainError,
  errorBody,
  EventTooLarge,
  WrongExpectedVersion,
  type ApiError,
  type ErrorLanguage,
} from '@planwerk/events';
import { isTransientDatabaseError } from '@planwerk/platform';
import { ZodError } from 'zod';

const logger = new Logger('CommandService');

/** The dotted path of the first failing field; `body` when the whole body is wrong. */
export function zodField(error: ZodError): string {
  const path = error.issues[0]?.path ?? [];
  return path.length > 0 ? path.map(String).join('.') : 'body';
}

// HTTP errors raised by Fastify before a route runs (bad JSON, huge or foreign bodies, 404).
function fromHttpStatus(status: number, language: ErrorLanguage): ApiError {
  switch (status) {
    case 400:
      return errorBody('malformed_body', { language });
    case 401:
      return errorBody('unauthorized', { language });
    case 403:
      return errorBody('no_permission', { language });
    case 404:
      return errorBody('not_found', { language });
    case 413:
      return errorBody('payload_too_large', { language });
    case 415:
      return errorBody('unsupported_media_type', { language });
    default:
      if (status >= 400 && status < 500) return { ...errorBody('request_failed', { language }), status };
      return errorBody('internal', { language });
  }
}

/**
 * Any thrown value as `{ status, intern, text, field? }`. Only catalogue texts reach the
 * client: an unexpected error answers the generic 500 and is logged here, never echoed.
 */
export function toApiError(exception: unknown, language: ErrorLanguage): ApiError {
  if (exception instanceof DomainError) return exception.toBody(language);
  if (exception instanceof ZodError) return errorBody('validation_failed', { language, field: zodField(exception) });
  if (exception instanceof WrongExpectedVersion) return errorBody('conflict', { language });
  // A keyed retry whose first attempt's events are stored while its answer was lost, decided
  // again on the changed state into other events under the same ids: the state moved on (by
  // that first attempt), so the caller reloads — never a 500.
  if (exception instanceof AppendPayloadMismatch) return errorBody('conflict', { language });
  if (exception instanceof EventTooLarge) return errorBody('payload_too_large', { language });
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status >= 500) logger.error(exception.message, exception.stack);
    return fromHttpStatus(status, language);
  }
  // A lost connection or a restarting database: the transaction was rolled back (or never began).
  if (isTransientDatabaseError(exception)) {
    logger.warn(`database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
    return errorBody('unavailable', { language });
  }
  logger.error(exception instanceof Error ? exception.message : 'Non-error thrown', exception instanceof Error ? exception.stack : undefined);
  return errorBody('internal', { language });
}
