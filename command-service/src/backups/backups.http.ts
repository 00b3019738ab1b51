import { Readable } from 'node:stream';
import { Body, Controller, Param, Query, Req, Res } from '@nestjs/common';
import {
  backupPointQuery,
  DomainError,
  errorBody,
  exportProjectHistoryEndpoint,
  failed,
  preferredLanguage,
  getBackupDiffEndpoint,
  getBackupStateEndpoint,
  listBackupPointsEndpoint,
  listBackupPointsQuery,
  listUndoableEndpoint,
  markBackupBody,
  markBackupEndpoint,
  restoreBackupBody,
  restoreBackupEndpoint,
  undoBody,
  undoEndpoint,
  type ApiResponse,
  type EndpointDefinition,
  type ResponseOf,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z, ZodError } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { RequiresLogin } from '@planwerk/platform';
import { toApiError } from '../shared/http/api-errors';
import { CommandRunner, type CommandContext } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { readRequestContext } from '../shared/http/request-context';
import type { BackupCaller } from './backup-caller';
import { BackupPointsService } from './backup-points.service';
import { HistoryExportService } from './history-export.service';
import { RestoreService } from './restore.service';
import { StateAtPointService } from './state-at-point.service';
import { UndoConflict, UndoService, type UndoConflictEntry } from './undo.service';

const projectParams = z.object({ projectId: z.uuid() }).loose();

// ADR 0008. Backup routes: login, then area manage_backup for the project (limited levels need
// it listed); restoring a whole project is the owner's or an admin's (the service checks).
// Undo: the caller's own management actions (area manage_prj).
const BACKUP = { kind: 'area', area: 'manage_backup', item: 'param:projectId' } as const;
const PROJECTS = { kind: 'area', area: 'manage_prj' } as const;

type Handler<T> = (caller: BackupCaller, context: CommandContext) => Promise<T>;
type UndoAnswer = ResponseOf<typeof undoEndpoint>;
/** What the undo handler gives the runner: the answer, or the conflicts (stored alike under an idempotency key). */
type UndoOutcome = UndoAnswer | { conflicts: UndoConflictEntry[] };

@Controller()
export class BackupsHttp {
  constructor(
    private readonly runner: CommandRunner,
    private readonly points: BackupPointsService,
    private readonly states: StateAtPointService,
    private readonly restores: RestoreService,
    private readonly undos: UndoService,
    private readonly exports: HistoryExportService,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess(BACKUP)
  @Endpoint(listBackupPointsEndpoint)
  list(@Param() params: unknown, @Query() query: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(listBackupPointsEndpoint, request, reply, (caller) =>
      this.points.listPoints(caller, parseInput(projectParams, params).projectId, parseInput(listBackupPointsQuery, query ?? {})));
  }

  @RequiresLogin()
  @RequiresTeamAccess(BACKUP)
  @Endpoint(markBackupEndpoint)
  mark(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(markBackupEndpoint, request, reply, (caller, { metadata, ids }) =>
      this.points.mark(caller, parseInput(projectParams, params).projectId, parseInput(markBackupBody, body), metadata, ids));
  }

  @RequiresLogin()
  @RequiresTeamAccess(BACKUP)
  @Endpoint(getBackupStateEndpoint)
  state(@Param() params: unknown, @Query() query: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(getBackupStateEndpoint, request, reply, (caller) =>
      this.states.state(caller, parseInput(projectParams, params).projectId, parseInput(backupPointQuery, query ?? {})));
  }

  @RequiresLogin()
  @RequiresTeamAccess(BACKUP)
  @Endpoint(getBackupDiffEndpoint)
  diff(@Param() params: unknown, @Query() query: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(getBackupDiffEndpoint, request, reply, (caller) =>
      this.states.diff(caller, parseInput(projectParams, params).projectId, parseInput(backupPointQuery, query ?? {})));
  }

  @RequiresLogin()
  @RequiresTeamAccess(BACKUP)
  @Endpoint(restoreBackupEndpoint)
  restore(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(restoreBackupEndpoint, request, reply, (caller, { metadata, ids }) =>
      this.restores.restore(caller, parseInput(projectParams, params).projectId, parseInput(restoreBackupBody, body), metadata, ids));
  }

  /** 409 with the conflicting later changes in the body when others changed the same objects since. */
  @RequiresLogin()
  @RequiresTeamAccess(PROJECTS)
  @Endpoint(undoEndpoint)
  async undo(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<ApiResponse<UndoOutcome>> {
    const answer = await this.run<UndoOutcome>(undoEndpoint, request, reply, async (caller, { metadata, ids }) => {
      try {
        return await this.undos.undo(caller, parseInput(undoBody, body).commandId, metadata, ids);
      } catch (error) {
        if (error instanceof UndoConflict) return { conflicts: error.conflicts };
        throw error;
      }
    });
    if (answer.body !== null && 'conflicts' in answer.body) {
      const error = errorBody('undo_conflict', { language: readRequestContext(request.headers).language });
      void reply.status(error.status);
      return { body: answer.body, error, status: error.status };
    }
    return answer;
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECTS)
  @Endpoint(listUndoableEndpoint)
  undoable(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(listUndoableEndpoint, request, reply, (caller) => this.undos.undoable(caller));
  }

  /** A JSON download, streamed; errors before the first byte answer the JSON wrapper. */
  @RequiresLogin()
  @RequiresTeamAccess(BACKUP)
  @Endpoint(exportProjectHistoryEndpoint)
  async history(@Param() params: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    try {
      const caller = this.callerOf(request);
      const { filename, chunks } = await this.exports.history(caller, parseInput(projectParams, params).projectId);
      await reply
        .status(200)
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    } catch (error) {
      if (!(error instanceof DomainError) && !(error instanceof ZodError)) throw error;
      const apiError = toApiError(error, preferredLanguage(request.headers['accept-language']?.toString()));
      await reply.status(apiError.status).send(failed(apiError));
    }
  }

  private callerOf(request: FastifyRequest): BackupCaller {
    const grant = teamAccessOf(request);
    const actor = readRequestContext(request.headers).actor;
    if (actor.kind !== 'user') throw new DomainError(6011);
    return { teamId: grant.teamId, userId: actor.id, level: grant.member.level };
  }

  private run<T>(endpoint: EndpointDefinition, request: FastifyRequest, reply: FastifyReply, handler: Handler<T>) {
    return this.runner.run(endpoint, request, reply, (context) => handler(this.callerOf(request), context));
  }
}
