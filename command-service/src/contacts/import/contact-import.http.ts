import { Body, Controller, Inject, type OnModuleInit, Param, Query, Req, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  checkContactImportBody,
  checkContactImportEndpoint,
  contactImportParams,
  DomainError,
  matchPath,
  startContactImportBody,
  startContactImportEndpoint,
  uploadContactImportEndpoint,
  uploadContactImportQuery,
  errorBody,
  type ContactImportFileErrorBody,
  type ContactImportUpload,
} from '@planwerk/events';
import { CLOCK, type Clock, RequiresLogin } from '@planwerk/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { CommandRunner } from '../../shared/http/command-runner';
import { Endpoint } from '../../shared/http/endpoint.decorator';
import { parseInput } from '../../shared/http/parse-input';
import { readRequestContext } from '../../shared/http/request-context';
import { ContactImportService } from './contact-import.service';
import { SpreadsheetError } from './parse/read-spreadsheet';

// Contact import (issue 15), area manage_contact like the contacts themselves. The upload is the
// file's raw bytes (application/octet-stream, at most 12 MB reach the reader, which names its
// 10 MB limit); that body type is taken on the upload path only.
const MANAGE_CONTACT = { kind: 'area', area: 'manage_contact' } as const;
const teamParams = z.object({ teamId: z.uuid() });
const UPLOAD_BODY_LIMIT = 12 * 1024 * 1024;

@Controller()
export class ContactImportHttp implements OnModuleInit {
  constructor(
    private readonly runner: CommandRunner,
    private readonly imports: ContactImportService,
    private readonly adapter: HttpAdapterHost,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapter.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser('application/octet-stream')) return;
    fastify.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (request, body, done) => {
      if (request.method !== 'POST' || matchPath(uploadContactImportEndpoint.path, request.url) === null) {
        done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }), undefined);
        return;
      }
      done(null, body);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Endpoint(uploadContactImportEndpoint)
  async upload(@Param() params: unknown, @Query() query: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    const answer = await this.runner.run<ContactImportUpload | { refused: ContactImportFileErrorBody }>(uploadContactImportEndpoint, request, reply, async ({ ids }) => {
      parseInput(teamParams, params);
      const { fileName } = parseInput(uploadContactImportQuery, query);
      if (!Buffer.isBuffer(body)) throw new DomainError('unsupported_media_type', { field: 'file' });
      try {
        return await this.imports.upload(teamId, fileName, body, ids, this.clock.now());
      } catch (error) {
        if (error instanceof SpreadsheetError) return { refused: { reason: error.reason, ...error.details } as ContactImportFileErrorBody };
        throw error;
      }
    });
    if (answer.body !== null && 'refused' in answer.body) {
      // 400 naming the field, with the limit and what the file had in the body.
      const error = { ...errorBody('validation_failed', { field: 'file', language: readRequestContext(request.headers).language }) };
      void reply.status(error.status);
      return { body: answer.body.refused, error, status: error.status };
    }
    return answer;
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Endpoint(checkContactImportEndpoint)
  check(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(checkContactImportEndpoint, request, reply, () => {
      const { importId } = parseInput(contactImportParams, params);
      return this.imports.check(teamId, importId, parseInput(checkContactImportBody, body).mapping, this.clock.now());
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_CONTACT)
  @Endpoint(startContactImportEndpoint)
  start(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { teamId } = teamAccessOf(request);
    return this.runner.run(startContactImportEndpoint, request, reply, ({ metadata, ids }) => {
      const { importId } = parseInput(contactImportParams, params);
      return this.imports.start(teamId, importId, parseInput(startContactImportBody, body), metadata, ids, this.clock.now());
    });
  }
}
