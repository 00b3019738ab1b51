import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import {
  DomainError,
  errorBody,
  failed,
  preferredLanguage,
  type ApiError,
  type ErrorLanguage,
} from '@planwerk/events';
import { isTransientDatabaseError } from '@planwerk/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CheckpointNotReached } from '../shared/read-your-writes/read-your-writes.errors';

// Every failure leaves as the spec's wrapper `{ body: null, error: { status, intern, text }, status }`.
// Bad input is a 4xx naming the field; only our own faults are 500, and those say nothing inside.
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('QueryService');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const error = this.toApiError(exception, preferredLanguage(request.headers['accept-language']));
    if (error.intern === 'unavailable') {
      this.logger.warn(`${request.method} ${request.url.split('?')[0]}: database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
    } else if (error.status >= 500 && !(exception instanceof CheckpointNotReached)) {
      this.logger.error(`${request.method} ${request.url.split('?')[0]} failed`, exception instanceof Error ? exception.stack : String(exception));
    }
    void reply.status(error.status).header('cache-control', 'no-store').send(failed(error));
  }

  private toApiError(exception: unknown, language: ErrorLanguage): ApiError {
    if (exception instanceof DomainError) return exception.toBody(language);
    if (exception instanceof CheckpointNotReached) return exception.toBody(language);
    if (isTransientDatabaseError(exception)) return errorBody('unavailable', { language });
    const status = exception instanceof HttpException ? exception.getStatus() : statusCodeOf(exception);
    switch (status) {
      case 404:
        return errorBody('not_found', { language });
      case 405:
        return { ...errorBody('request_failed', { language }), status: 405 };
      case 413:
        return errorBody('payload_too_large', { language });
      case 415:
        return errorBody('unsupported_media_type', { language });
      default:
        if (status !== undefined && status >= 400 && status < 500) return { ...errorBody('request_failed', { language }), status };
        return errorBody('internal', { language });
    }
  }
}

// Fastify's own errors (content type, body size, malformed URL) carry a statusCode.
function statusCodeOf(exception: unknown): number | undefined {
  const status = (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}
