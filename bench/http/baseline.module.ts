import { Body, Controller, Get, HttpCode, Module, Param, Post, Query } from '@nestjs/common';

// The bare NestJS + Fastify baseline: trivial controllers that answer the same JSON the real
// endpoints answered in this run (BENCH_BASELINE_BODIES), with no database, guard or validation.

interface BaselineBodies { version: unknown; vote: unknown; bundle: unknown; view: unknown; signup: unknown; changes: unknown }

const bodies = (): BaselineBodies => JSON.parse(process.env.BENCH_BASELINE_BODIES ?? '{}') as BaselineBodies;

@Controller('v5')
export class BaselineController {
  private readonly answers = bodies();

  @Get('update/version')
  version(): unknown {
    return this.answers.version;
  }

  @Post('feedback/vote')
  @HttpCode(200)
  vote(@Body() _body: unknown): unknown {
    return this.answers.vote;
  }

  @Get('project/view/:link')
  view(@Param('link') _link: string): unknown {
    return this.answers.view;
  }

  @Post('project/:projectId/list/:listId/signup')
  @HttpCode(201)
  signup(@Param('projectId') _project: string, @Body() _body: unknown): unknown {
    return this.answers.signup;
  }

  @Get('team/:teamId/changes')
  changes(@Param('teamId') _team: string, @Query('projects') _projects: string): unknown {
    return this.answers.changes;
  }

  @Post('bundle')
  @HttpCode(200)
  bundle(@Body() _body: unknown): unknown {
    return this.answers.bundle;
  }
}

@Module({ controllers: [BaselineController] })
export class BaselineModule {}
