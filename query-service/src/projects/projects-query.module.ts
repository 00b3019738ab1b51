import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { migrateProjectPasswordThrottle } from '../shared/projects/project-view.access';
import { GetProjectTreeHttp } from './get-project-tree/get-project-tree.http';
import { ListProjectsHttp } from './list-projects/list-projects.http';
import { ProjectInvitationsHttp } from './project-invitations/project-invitations.http';
import { ProjectViewHttp } from './project-view/project-view.http';

// The reads of projects (ADR 0006): overview and presets, the management tree with analysis and
// export, the public view and embeds.
@Module({ controllers: [ListProjectsHttp, GetProjectTreeHttp, ProjectViewHttp, ProjectInvitationsHttp] })
export class ProjectsQueryModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async onModuleInit(): Promise<void> {
    await migrateProjectPasswordThrottle(this.pool);
  }
}
