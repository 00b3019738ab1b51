import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import {
  commentAccess,
  commentTargetExists,
  commentViewError,
  getCommentDetailsEndpoint,
  getCommentIndexEndpoint,
  ok,
  parseCommentPath,
  type ApiResponse,
  type CommentDetails,
  type CommentIndexAnswer,
  type CommentQuery,
  type EventStore,
} from '@planwerk/events';
import { loadCommentViewer, loadProjectState } from '@planwerk/platform';
import { COMMENTS_PROJECTION } from '@planwerk/projector';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { signedInUser } from '../../shared/auth/request-actor';
import { ReadYourWrites } from '../../shared/read-your-writes/read-your-writes';
import { findCommentDetails, findCommentIndex } from './comments.repository';

// GET /v5/comment?path= and GET /v5/comment/details?path= (spec section 7). Whoever may view the
// project reads its comments; the project and its tree come from its stream (never lagging),
// the comments from the `comments` read model. A project the viewer may not see answers as the
// public view does (issue 12): 404 when it is hidden or unknown alike (so an answer never tells
// that a hidden project exists), 6011 / no_permission when a login or more rights would help.
// A path whose list or item is not in a visible project answers an empty index ("failure silent").
@Controller('v5/comment')
export class GetCommentsHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @Get()
  async index(
    @Query(new ZodQueryPipe(getCommentIndexEndpoint.query)) query: CommentQuery,
    @Req() request: FastifyRequest,
  ): Promise<ApiResponse<CommentIndexAnswer>> {
    await this.readYourWrites.waitFor(COMMENTS_PROJECTION, query.minCheckpoint);
    if (!(await this.mayRead(query.path, request))) return ok({ count: 0, latest: null });
    return ok(await findCommentIndex(this.pool, query.path));
  }

  @Get('details')
  async details(
    @Query(new ZodQueryPipe(getCommentDetailsEndpoint.query)) query: CommentQuery,
    @Req() request: FastifyRequest,
  ): Promise<ApiResponse<CommentDetails>> {
    await this.readYourWrites.waitFor(COMMENTS_PROJECTION, query.minCheckpoint);
    if (!(await this.mayRead(query.path, request))) return ok({ count: 0, latest: null, items: [] });
    return ok(await findCommentDetails(this.pool, query.path));
  }

  // False for a path whose target is not in the project; a viewer who may not see the project
  // (or a project that does not exist) is refused like the view refuses them.
  private async mayRead(path: string, request: FastifyRequest): Promise<boolean> {
    const target = parseCommentPath(path);
    if (target === null) return false;
    const project = await loadProjectState(this.store, target.projectId);
    const viewer = await loadCommentViewer(this.pool, project, signedInUser(request)?.userId ?? null);
    const { view } = commentAccess(project, viewer);
    if (view !== 'ok') throw commentViewError(view);
    return commentTargetExists(project, target);
  }
}
