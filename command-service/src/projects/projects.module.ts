import { Module, type DynamicModule } from '@nestjs/common';
import { ProjectInvitesService } from './project-invites.service';
import { ProjectRepository } from './project.repository';
import { parseProjectsConfig, PROJECTS_CONFIG, type ProjectsConfig } from './projects.config';
import { ProjectsHttp } from './projects.http';
import { ProjectsService } from './projects.service';

// Projects, phases, lists, items, copies, presets and preset columns (ADR 0006). The
// active-project slot port (ACTIVE_PROJECT_SLOTS) comes from the global TeamsModule.
// The embedded launcher passes its development mode; otherwise PLANWERK_DEV_MODE decides.
@Module({})
export class ProjectsModule {
  static forRoot(config?: ProjectsConfig): DynamicModule {
    return {
      module: ProjectsModule,
      controllers: [ProjectsHttp],
      providers: [{ provide: PROJECTS_CONFIG, useFactory: () => config ?? parseProjectsConfig(process.env) }, ProjectRepository, ProjectsService, ProjectInvitesService],
      exports: [ProjectRepository],
    };
  }
}
