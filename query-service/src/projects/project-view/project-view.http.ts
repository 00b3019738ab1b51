import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import { CLOCK, type Clock } from '@planwerk/platform';
import { minCheckpointQuery, ok, PROJECT_PASSWORD_HEADER, type ApiResponse, type MinCheckpointQuery, type ProjectView } from '@planwerk/events';
import { PROJECT_TREE_PROJECTION } from '@planwerk/projector';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { signedInUser } from '../../shared/auth/request-actor';
import { openPublicProjectView } from '../../shared/projects/project-view.access';
import type { ProjectRef } from '../../shared/projects/project-read-models';
import { ReadYourWrites } from '../../shared/read-your-writes/read-your-writes';

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? null : first;
}

// The public project view (spec section 2: /{prjLink} and /embed/project/{hash}/{view}).
// Anyone may ask; what they see is decided per project by its status and visibility.
@Controller('v5')
export class ProjectViewHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private async open(request: FastifyRequest, ref: ProjectRef, minCheckpoint: string | undefined): Promise<ApiResponse<ProjectView>> {
    await this.readYourWrites.waitFor(PROJECT_TREE_PROJECTION, minCheckpoint);
    const opened = await openPublicProjectView(this.pool, {
      ref,
      userId: signedInUser(request)?.userId ?? null,
      password: header(request, PROJECT_PASSWORD_HEADER),
      // The gateway in front sets x-forwarded-for (trustProxy): the visitor's address.
      clientIp: request.ip,
      now: this.clock.now(),
    });
    return ok(opened.view);
  }

  @Get('project/view/:prjLink')
  view(@Req() request: FastifyRequest, @Param('prjLink') link: string, @Query(new ZodQueryPipe(minCheckpointQuery)) query: MinCheckpointQuery): Promise<ApiResponse<ProjectView>> {
    return this.open(request, { by: 'link', link }, query.minCheckpoint);
  }

  @Get('embed/project/:hash')
  embed(@Req() request: FastifyRequest, @Param('hash') hash: string, @Query(new ZodQueryPipe(minCheckpointQuery)) query: MinCheckpointQuery): Promise<ApiResponse<ProjectView>> {
    return this.open(request, { by: 'hash', hash }, query.minCheckpoint);
  }
}
