import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { failed, preferredLanguage } from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toApiError } from '../shared/http/api-errors';

/** Every error, including Fastify's own (bad JSON, 413, 415) and unknown routes, in the wrapper. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const error = toApiError(exception, preferredLanguage(request.headers['accept-language']));
    void reply.status(error.status).header('content-type', 'application/json; charset=utf-8').send(failed(error));
  }
}
